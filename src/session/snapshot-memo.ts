import type { OfferableTools } from '../client/offerable-tools';
import type { RunSnapshot } from '../client/run-state';
import { outcomeOf, type Outcome, type ToolLabel } from './outcome';
import { visibleName } from './visible-name';

/** What is derived from a run is derived once per run snapshot: unchanged parts keep their identity. */
export function createSnapshotMemo() {
  let outcomeFor: RunSnapshot | null = null;
  let outcomeLabels: ToolLabel | null = null;
  let outcome: Outcome | null = null;
  let outcomeOnClose = false;
  let labelsFor: OfferableTools | undefined | null = null;
  let labels: ToolLabel = String;
  return {
    labels(list: OfferableTools | undefined): ToolLabel {
      if (list !== labelsFor) {
        labelsFor = list;
        const byName = new Map<string, string>();
        for (const tool of [...(list?.unattended ?? []), ...(list?.withheld ?? [])]) {
          if (tool.label) byName.set(tool.name, tool.label);
        }
        labels = (name) => visibleName(byName.get(name) ?? name);
      }
      return labels;
    },
    outcome(run: RunSnapshot, labelOf: ToolLabel, stoppedOnClose: boolean) {
      if (run !== outcomeFor || labelOf !== outcomeLabels || stoppedOnClose !== outcomeOnClose) {
        outcomeFor = run;
        outcomeLabels = labelOf;
        outcomeOnClose = stoppedOnClose;
        outcome = outcomeOf(run, labelOf, stoppedOnClose);
      }
      return outcome;
    },
  };
}
