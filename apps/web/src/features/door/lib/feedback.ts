/**
 * What a scan sounds and feels like, so the usher need not look at the screen: one high beep
 * for entry, two low ones for "already in", a long low buzz for a refusal. Tones are made with
 * WebAudio (no sound files to download or cache) and the phone vibrates where it can.
 */
export type Verdict = 'ok' | 'warning' | 'refused';

interface Tone {
  frequency: number;
  durationMs: number;
  /** Silence before this tone. */
  gapMs: number;
}

const TONES: Record<Verdict, Tone[]> = {
  ok: [{ frequency: 1_320, durationMs: 140, gapMs: 0 }],
  warning: [
    { frequency: 660, durationMs: 120, gapMs: 0 },
    { frequency: 660, durationMs: 120, gapMs: 90 },
  ],
  refused: [{ frequency: 220, durationMs: 480, gapMs: 0 }],
};

const VIBRATIONS: Record<Verdict, number[]> = {
  ok: [80],
  warning: [80, 80, 80],
  refused: [350],
};

let audioContext: AudioContext | null = null;

/** Browsers start audio only after a tap or key; the first scan's button or key unlocks it. */
function getAudioContext(): AudioContext | null {
  if (typeof window === 'undefined' || typeof window.AudioContext !== 'function') return null;
  audioContext ??= new window.AudioContext();
  if (audioContext.state === 'suspended') void audioContext.resume().catch(() => {});
  return audioContext;
}

export function playVerdict(verdict: Verdict): void {
  try {
    const context = getAudioContext();
    if (context) {
      let at = context.currentTime;
      for (const tone of TONES[verdict]) {
        at += tone.gapMs / 1000;
        const oscillator = context.createOscillator();
        const gain = context.createGain();
        oscillator.type = verdict === 'refused' ? 'square' : 'sine';
        oscillator.frequency.value = tone.frequency;
        // A short fade in and out keeps the tone from clicking.
        gain.gain.setValueAtTime(0.0001, at);
        gain.gain.exponentialRampToValueAtTime(0.3, at + 0.01);
        gain.gain.exponentialRampToValueAtTime(0.0001, at + tone.durationMs / 1000);
        oscillator.connect(gain).connect(context.destination);
        oscillator.start(at);
        oscillator.stop(at + tone.durationMs / 1000 + 0.02);
        at += tone.durationMs / 1000;
      }
    }
  } catch {
    // No audio on this device: the screen and the vibration still tell.
  }
  if (typeof navigator !== 'undefined' && typeof navigator.vibrate === 'function') {
    navigator.vibrate(VIBRATIONS[verdict]);
  }
}

/** Called from a tap or key press, so later scans (from the camera) can sound. */
export function unlockAudio(): void {
  try {
    getAudioContext();
  } catch {
    // As above.
  }
}
