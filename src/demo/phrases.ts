// How the caller and the persona talk in demo transcripts: the lines every lure shares
// (greetings, reactions, stalling, pressure, closings). Each lure's own pitch is in lures.ts.

import type { Persona } from './catalog.js';

/** What a caller line may refer to; every non-null value here is also in the extraction. */
export interface ScriptContext {
  sir: string; // "ma'am" / "sir"
  personaName: string;
  personaSurname: string;
  grand: string; // "Grandma" / "Grandpa"
  brand: string | null;
  agency: string | null;
  org: string | null;
  agent: string | null;
  /** The dangled amount, formatted like "$399.99". */
  dangled: string | null;
}

export type Line = (c: ScriptContext) => string;

export const PERSONA_GREETINGS: readonly Line[] = [
  () => 'Hello?',
  () => "Hello, who's calling?",
  (c) => `${c.personaName} speaking.`,
  () => 'Yes, hello? Is this the pharmacy?',
  (c) => `Hello, this is the ${c.personaSurname} residence.`,
];

export const PERSONA_REACTIONS: readonly Line[] = [
  () => 'Oh my goodness.',
  () => 'Oh dear. Oh my.',
  () => 'Well I never. Is that so?',
  () => 'Now who did you say you were with again?',
  () => 'Oh, I did wonder about that.',
  () => "I'm sorry, could you say that again a little slower? My hearing aid is acting up.",
  () => 'Goodness. What do I need to do?',
];

export const PERSONA_STALLS: Record<Persona['id'] | 'any', readonly string[]> = {
  any: [
    'Let me find my glasses, hold on.',
    'Hold on, the kettle is whistling.',
    'Which button is that, dear?',
    'I wrote it on the back of an envelope, let me find a pen.',
    'The computer is so slow today.',
    'Is this going to take long? My program comes on at four.',
    'Could you spell that for me?',
    "My grandson usually helps me with these things. He's coming Sunday.",
    'Wait, the screen went all black. Oh, no, there it is.',
    'Sorry, somebody is at the door. Can you hold?',
  ],
  margaret: ['Mr. Whiskers, get down from there! Sorry, the cat.', 'My late husband always handled the bills, you see.'],
  harold: ['Back in the Navy we did things on paper, you know.', "Hang on, I'm putting my hearing aid back in."],
  dolores: ["I have bingo at the church at six, so we'll need to hurry.", 'Let me turn down the television.'],
  walter: ["Ruth used to do all of this. She passed in '19.", "I'm looking for my reading glasses, they were right here."],
  edith: ['I was just out in the garden, let me wash my hands.', 'Is this the same thing my neighbor got a call about?'],
};

export const CALLER_PRESSURE: readonly Line[] = [
  (c) => `${cap(c.sir)}, please stay focused, this is very urgent.`,
  () => 'Do not hang up the phone, and do not tell anyone about this call.',
  (c) => `${cap(c.sir)}, if you disconnect, the case will be escalated.`,
  () => 'Are you in front of your computer now?',
  () => 'I am waiting, please hurry up.',
  (c) => `Don't worry ${c.sir}, I am here to help you.`,
  () => 'Are you still there? Hello?',
  () => 'This is a recorded line for your protection.',
];

export const NULL_CALL_SCRIPTS: readonly (readonly (readonly ['caller' | 'persona' | 'system', string])[])[] = [
  [
    ['persona', 'Hello?'],
    ['persona', 'Hello? Is anybody there?'],
    ['system', 'No speech detected from caller.'],
  ],
  [
    ['caller', 'This is an important message regarding your account. Press one to speak with a representative.'],
    ['persona', 'Hello? Is this a real person?'],
  ],
  [
    ['caller', 'Hello, can you hear me?'],
    ['persona', 'Yes, I can hear you. Who is this?'],
    ['caller', 'Hello?'],
  ],
  [
    ['persona', 'Hello, who is calling?'],
    ['caller', 'Sorry, wrong number.'],
  ],
  [
    ['caller', "Hello ma'am, how are you today?"],
    ['persona', "I'm fine dear, who's this?"],
  ],
];

export const CLOSINGS = {
  caller_hung_up_normal: [
    'You are wasting my time.',
    'I will call you back later.',
    'Forget it.',
    'Okay, I will call you back in ten minutes. Do not go anywhere.',
    'You are not a serious person.',
  ],
  ai_session_capped: 'Session limit reached; persona disconnected.',
  websocket_issue_our_side: 'Media stream dropped on our side.',
  voice_engine_issue: 'Voice engine error; persona went silent.',
} as const;

export function cap(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
