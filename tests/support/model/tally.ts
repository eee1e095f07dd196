/** Counts of what the runs did, for the report. */
export interface Tally {
  steps: number;
  together: number;
  /** Answers by step name and HTTP status. */
  answers: Map<string, Map<number, number>>;
}

export function newTally(): Tally {
  return { steps: 0, together: 0, answers: new Map() };
}

/** Counts the statuses a step (by name) was answered. */
export function count(tally: Tally | undefined, step: string, statuses: number[]): void {
  if (!tally) return;
  const byStatus = tally.answers.get(step) ?? new Map<number, number>();
  for (const status of statuses) byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
  tally.answers.set(step, byStatus);
}
