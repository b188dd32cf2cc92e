// Placeholder: the tuning cases of the live eval (issue 12) are written by the "tuning" helper.
import type { LiveCase } from './types.js';

export const TUNING: LiveCase[] = [];
