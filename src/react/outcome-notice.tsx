import type { AskAiMessages, Outcome } from '../session';
import { localize } from '../session/messages';

/** What the end of a run says: one short sentence, the server's own words in a collapsed "Details". */
export function OutcomeNotice({ outcome, messages: m }: { outcome: Outcome; messages: AskAiMessages }) {
  return (
    <div
      className="ask-ai-outcome"
      data-ask-ai-part="outcome"
      data-tone={outcome.tone}
      role={outcome.tone === 'alert' ? 'alert' : undefined}
    >
      {outcome.lines.map((line) => {
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
