import { useEffect, useRef } from 'react';
import type { Outcome } from '../session';
import type { AskAiMessages } from '../i18n';
import { localize } from '../i18n/messages';
import { SessionExpired } from './tool-disclosure';

/** What the end of a run says: one short sentence, the server's own words in a collapsed "Details". */
export function OutcomeNotice({
  outcome,
  loginUrl,
  messages: m,
}: {
  outcome: Outcome;
  /** Set for a session that expired: its sentence links to the host's login page. */
  loginUrl?: string | undefined;
  messages: AskAiMessages;
}) {
  const ref = useRef<HTMLDivElement>(null);
  // A failure is read where it is: on a short screen the body scrolls to it (focus goes to Try again, in
  // the foot, which would leave the alert below the fold).
  useEffect(() => {
    if (outcome.tone === 'alert') ref.current?.scrollIntoView?.({ block: 'nearest' });
  }, [outcome]);
  return (
    <div
      ref={ref}
      className="ask-ai-outcome"
      data-ask-ai-part="outcome"
      data-tone={outcome.tone}
      role={outcome.tone === 'alert' ? 'alert' : undefined}
    >
      {outcome.lines.map((line) => {
        if (loginUrl && line.key === 'sessionExpired')
          return <SessionExpired key={line.key} loginUrl={loginUrl} messages={m} />;
        const text = localize(line, m);
        return <p key={text}>{text}</p>;
      })}
      {outcome.details.length > 0 && (
        <details className="ask-ai-details" data-ask-ai-part="details">
          <summary>{m.details}</summary>
          {outcome.details.map((line) => {
            const text = localize(line, m);
            return (
              <p key={text}>
                <bdi>{text}</bdi>
              </p>
            );
          })}
        </details>
      )}
    </div>
  );
}
