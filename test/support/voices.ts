/**
 * Voices and scripts the speech engine was not built on, split in two halves: thresholds are chosen on the
 * `tune` half and reported on the `held-out` half (bench/quality's voices section); the e2e tests use held-out
 * voices and scripts only. A third set, `fresh`, was added after the held-out half's first report had led to a
 * change (the share of sure words in the transcript confidence): no choice was made on it. flite's voices are
 * English (kal is 8 kHz); espeak-ng speaks every language here.
 */
export type Voice =
  | { engine: 'flite'; name: 'kal' | 'awb' | 'slt' | 'rms' }
  | { engine: 'espeak-ng'; name: string; speed?: number; pitch?: number };

export type Half = 'tune' | 'held-out' | 'fresh';

export const DEFAULT_VOICE: Voice = { engine: 'flite', name: 'rms' };

/** The command and arguments that say `text` into the WAV file `out`. */
export function voiceCommand(voice: Voice, text: string, out: string): [string, string[]] {
  if (voice.engine === 'flite') return ['flite', ['-voice', voice.name, '-t', text, '-o', out]];
  const prosody = [...(voice.speed ? ['-s', String(voice.speed)] : []), ...(voice.pitch !== undefined ? ['-p', String(voice.pitch)] : [])];
  return ['espeak-ng', ['-v', voice.name, ...prosody, '-w', out, text]];
}

export function voiceLabel(voice: Voice): string {
  if (voice.engine === 'flite') return `flite ${voice.name}`;
  return `espeak-ng ${voice.name}${voice.speed ? ` ${voice.speed} wpm` : ''}${voice.pitch !== undefined ? ` pitch ${voice.pitch}` : ''}`;
}

export interface VoiceCase {
  voice: Voice;
  /** The language it speaks (ISO 639-1). */
  language: string;
  half: Half;
}

/** English voices of both engines, espeak-ng at two speeds and pitches; kal and espeak en-us are held out. */
export const ENGLISH_VOICES: VoiceCase[] = [
  { voice: { engine: 'flite', name: 'rms' }, language: 'en', half: 'tune' },
  { voice: { engine: 'flite', name: 'awb' }, language: 'en', half: 'tune' },
  { voice: { engine: 'espeak-ng', name: 'en-gb', speed: 150, pitch: 40 }, language: 'en', half: 'tune' },
  { voice: { engine: 'espeak-ng', name: 'en-gb', speed: 190, pitch: 70 }, language: 'en', half: 'tune' },
  { voice: { engine: 'flite', name: 'kal' }, language: 'en', half: 'held-out' },
  { voice: { engine: 'flite', name: 'slt' }, language: 'en', half: 'held-out' },
  { voice: { engine: 'espeak-ng', name: 'en-us', speed: 160, pitch: 50 }, language: 'en', half: 'held-out' },
  { voice: { engine: 'espeak-ng', name: 'en-us', speed: 200, pitch: 30 }, language: 'en', half: 'held-out' },
  { voice: { engine: 'espeak-ng', name: 'en-029', speed: 170 }, language: 'en', half: 'fresh' },
  { voice: { engine: 'espeak-ng', name: 'en-gb-scotland', speed: 150, pitch: 60 }, language: 'en', half: 'fresh' },
  { voice: { engine: 'espeak-ng', name: 'en-us-nyc', speed: 130, pitch: 80 }, language: 'en', half: 'fresh' },
];

export interface Script {
  text: string;
  /** Words a listener needs to get the point: the recall of a kept transcript is counted on these. */
  keys: string[];
  /** On-screen caption shown with it (the clip's words a reel would show), when there is one. */
  caption?: string;
  half: Half;
}

export const ENGLISH_SCRIPTS: Script[] = [
  {
    text: 'This serum removes all wrinkles in three days. Doctors recommend it to everyone. Buy it now for only twenty dollars.',
    keys: ['serum', 'wrinkles', 'three', 'days', 'doctors', 'twenty', 'dollars'],
    caption: 'ANTI WRINKLE SERUM',
    half: 'tune',
  },
  {
    text: 'This pasta takes ten minutes. You need garlic, butter and lemon. Boil the water first and add some salt.',
    keys: ['pasta', 'ten', 'minutes', 'garlic', 'butter', 'lemon', 'water', 'salt'],
    half: 'tune',
  },
  {
    text: 'Honey never spoils. Bees visit two million flowers to make one pound of honey. Nature is amazing.',
    keys: ['honey', 'never', 'bees', 'million', 'flowers', 'pound', 'nature'],
    caption: 'HONEY FACTS',
    half: 'tune',
  },
  {
    text: 'Three tips for better sleep. Keep your bedroom cool and dark. Put your phone away an hour before bed.',
    keys: ['tips', 'sleep', 'bedroom', 'cool', 'dark', 'phone', 'hour', 'bed'],
    half: 'tune',
  },
  {
    text: 'Octopuses have three hearts and blue blood. Each arm can taste what it touches. Share this with a friend.',
    keys: ['three', 'hearts', 'blue', 'blood', 'arm', 'taste', 'friend'],
    caption: 'OCTOPUS FACTS',
    half: 'held-out',
  },
  {
    text: 'This blender crushes ice in ten seconds. The glass jar is dishwasher safe. Get yours at the link in my bio.',
    keys: ['blender', 'ice', 'ten', 'seconds', 'glass', 'dishwasher', 'safe', 'link'],
    half: 'held-out',
  },
  {
    text: 'The Great Wall of China is over twenty thousand kilometers long. Mount Everest is almost nine thousand meters high.',
    keys: ['great', 'wall', 'china', 'twenty', 'thousand', 'kilometers', 'everest', 'nine', 'meters'],
    caption: 'WORLD RECORDS',
    half: 'held-out',
  },
  {
    text: 'Night trains save you a hotel and a day. A rail pass costs less than most flights. Book early because seats sell out.',
    keys: ['night', 'trains', 'hotel', 'day', 'rail', 'pass', 'flights', 'book', 'seats'],
    half: 'held-out',
  },
  {
    text: 'Drink a glass of water every morning. Your body loses water while you sleep. Add lemon for more flavour.',
    keys: ['drink', 'glass', 'water', 'morning', 'body', 'sleep', 'lemon'],
    caption: 'MORNING HABITS',
    half: 'fresh',
  },
  {
    text: 'These running shoes weigh only two hundred grams. The sole lasts five hundred miles. They cost ninety dollars.',
    keys: ['running', 'shoes', 'two', 'hundred', 'grams', 'miles', 'ninety', 'dollars'],
    half: 'fresh',
  },
  {
    text: 'Cats sleep for sixteen hours a day. They cannot taste anything sweet. Tell me about your cat below.',
    keys: ['cats', 'sleep', 'sixteen', 'hours', 'day', 'taste', 'sweet', 'cat'],
    half: 'fresh',
  },
];

/** Other languages, said by espeak-ng, with a caption in the same language on half of them. */
export const FOREIGN_CASES: Array<{ voice: Voice; language: string; text: string; caption?: string; half: Half }> = [
  {
    voice: { engine: 'espeak-ng', name: 'es' },
    language: 'es',
    text: 'Esta tortilla de patatas es la mejor del mundo. Solo necesitas huevos, patatas y aceite de oliva.',
    caption: 'Tortilla de patatas',
    half: 'held-out',
  },
  {
    voice: { engine: 'espeak-ng', name: 'es', speed: 190 },
    language: 'es',
    text: 'Hoy vamos a la playa con mis amigos. El agua está muy fría pero el sol es fuerte.',
    half: 'tune',
  },
  {
    voice: { engine: 'espeak-ng', name: 'fr' },
    language: 'fr',
    text: 'Cette crème enlève toutes les rides en trois jours. Achetez-la maintenant pour vingt euros seulement.',
    caption: 'La crème miracle',
    half: 'tune',
  },
  {
    voice: { engine: 'espeak-ng', name: 'fr', speed: 190, pitch: 30 },
    language: 'fr',
    text: 'Le train de nuit est la meilleure façon de voyager. Réservez tôt parce que les places partent vite.',
    half: 'held-out',
  },
  {
    voice: { engine: 'espeak-ng', name: 'de' },
    language: 'de',
    text: 'Dieser Mixer zerkleinert Eis in zehn Sekunden. Das Glas ist spülmaschinenfest und sehr stabil.',
    caption: 'Der schnellste Mixer',
    half: 'held-out',
  },
  {
    voice: { engine: 'espeak-ng', name: 'de', speed: 150, pitch: 60 },
    language: 'de',
    text: 'Honig wird niemals schlecht. Bienen besuchen zwei Millionen Blumen für ein Pfund Honig.',
    half: 'tune',
  },
  {
    voice: { engine: 'espeak-ng', name: 'it' },
    language: 'it',
    text: 'Questa pizza è la migliore della città. Il segreto è la mozzarella fresca e il forno a legna.',
    caption: 'La pizza della nonna',
    half: 'fresh',
  },
  {
    voice: { engine: 'espeak-ng', name: 'pt', speed: 180 },
    language: 'pt',
    text: 'Este creme tira todas as rugas em sete dias. Compre agora por apenas vinte euros.',
    half: 'fresh',
  },
  {
    voice: { engine: 'espeak-ng', name: 'nl', pitch: 70 },
    language: 'nl',
    text: 'Deze fiets is de snelste van het land. Hij weegt maar acht kilo en kost duizend euro.',
    caption: 'De snelste fiets van het land',
    half: 'fresh',
  },
];
