/** Per-task model settings from the product specification (section 9). */
export const CHAT_DEFAULTS = { temperature: 0.7 } as const;
export const REPORT_QUESTION_SETTINGS = { temperature: 0.3, max_tokens: 1000 } as const;
export const CRITERIA_SETTINGS = { temperature: 0.3, max_tokens: 150 } as const;
export const IMAGE_EXTRACTION_SETTINGS = { temperature: 0.3, max_tokens: 500, confidence: 0.9 } as const;
// Not fixed by the specification: transcription and judgement need room for longer answers.
export const READ_TEXT_SETTINGS = { temperature: 0.3, max_tokens: 2000, confidence: 0.9 } as const;
export const JUDGE_SETTINGS = { temperature: 0.3, max_tokens: 1500 } as const;
