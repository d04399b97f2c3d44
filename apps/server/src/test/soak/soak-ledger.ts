// What the servers acknowledged to the virtual users, kept so the checks afterwards can find every write again.
export type TAckedEdit = { callId: number; field: string; value: unknown; version: number; by: string };

export class SoakLedger {
  readonly createdCalls: { callId: number; by: string }[] = [];
  readonly edits: TAckedEdit[] = [];
  readonly messages: { callId: number; body: string; by: string }[] = [];
  /** Calls the soak wrote to in any way, for the version and audit comparison. */
  readonly touchedCalls = new Set<number>();
  private serial = 0;

  /** A text no other write of this run uses, so a write can be found again by its value. */
  unique(prefix: string): string {
    return `${prefix} ${++this.serial}`;
  }
}
