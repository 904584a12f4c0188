import type { AskAiMessages, Outcome } from '../session';
import { localize } from '../session/messages';
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
  return (
    <div
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
