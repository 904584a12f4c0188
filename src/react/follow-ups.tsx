import type { DialogSession, DialogSnapshot } from '../session';
import type { AskAiMessages } from '../i18n';
import { sameLanguage } from '../i18n/languages';
import type { AskAiLocale } from '../i18n/locale';
import { FOLLOW_UPS, followUpsFor } from '../i18n/presets';

export interface FollowUpsProps {
  readonly snapshot: DialogSnapshot;
  readonly session: DialogSession;
  readonly locale: AskAiLocale;
  /** The site's languages, as the host names them (none: no "In <language>"). */
  readonly siteLanguages: readonly string[];
  readonly messages: AskAiMessages;
}

/**
 * Under an answer, at most four one-tap refinements that fit the task which wrote it ("Shorter",
 * "Simpler", "In German" — the site's other language): each refines that answer in place, through the same
 * path as words typed into the prompt, and names its answer.
 */
export function FollowUps({ snapshot, session, locale, siteLanguages, messages: m }: FollowUpsProps) {
  const variant = snapshot.variants[snapshot.shown];
  if (!variant || snapshot.status === 'running' || snapshot.status === 'preparing') return null;
  const own = (snapshot.context.value as { contentLanguage?: unknown } | undefined)?.contentLanguage;
  const target = siteLanguages.find((language) => !sameLanguage(language, typeof own === 'string' ? own : undefined));
  const language = target ?? '';
  const offered = followUpsFor(variant.preset, target);
  const waiting = snapshot.retry === 'waiting';
  return (
    <div role="group" aria-label={m.refineWith} className="ask-ai-follow-ups" data-ask-ai-part="follow-ups">
      {FOLLOW_UPS[locale]
        .filter((followUp) => offered.includes(followUp.id))
        .map((followUp) => {
          const label = typeof followUp.label === 'function' ? followUp.label({ language }) : followUp.label;
          const prompt = typeof followUp.prompt === 'function' ? followUp.prompt({ language }) : followUp.prompt;
          return (
            <button
              key={followUp.id}
              type="button"
              className="ask-ai-chip"
              data-follow-up={followUp.id}
              disabled={waiting}
              onClick={() => session.refine(prompt, { label })}
            >
              {label}
            </button>
          );
        })}
    </div>
  );
}
