// What the printers said when the Branch screen last asked them (DLE EOT:
// out of paper, not answering), kept so that the status bar's printer pill
// and the Branch screen's printer card are worded from the same facts by
// the same function (readBranchPrinters). An answer stands until newer
// evidence about that printer: the print queue's next status of it.

import type { PrinterStatusAnswer } from '../printing/index.ts';
import type { ProbeAnswers } from './branch-printers.ts';

export class PrinterProbes {
  private answers = new Map<string, PrinterStatusAnswer>();

  /** The answers that still stand, by printer id. */
  current(): ProbeAnswers {
    return this.answers;
  }

  /** Keeps what the printers said just now; true when that changes what a printer is shown as. */
  remember(answers: ProbeAnswers): boolean {
    const before = JSON.stringify([...this.answers].sort());
    this.answers = new Map(answers);
    return JSON.stringify([...this.answers].sort()) !== before;
  }

  /** The queue has newer news of this printer (a job printed, retried or failed): its answer no longer stands. */
  forget(printerId: string): void {
    this.answers.delete(printerId);
  }
}
