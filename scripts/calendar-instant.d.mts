/** Types of calendar-instant.mjs (a plain script of the test runner). */
export declare const FAR_ZONES: readonly string[];
export declare function calendarInstant(commit: string): { epoch: number; zone: string };
