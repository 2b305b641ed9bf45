/**
 * Voices and scripts the speech engine was not built on, split in two halves: thresholds are chosen on the
 * `tune` half and reported on the `held-out` half (bench/quality's voices section); the e2e tests use held-out
 * voices and scripts only. A third set, `fresh`, was added after the held-out half's first report had led to a
 * change (the share of sure words in the transcript confidence), and a fourth, `fourth`, after the fresh set had
 * shown Portuguese without a caption kept as English (which led to the acoustic fit): no choice was made on either.
 * flite's voices are English (kal is 8 kHz, kal16 its 16 kHz build); espeak-ng speaks every language here, and
 * its variants (`+f3`, `+klatt2`) change the voice's source.
 */
export type Voice = (
  | {
      engine: 'flite';
      name: 'kal' | 'kal16' | 'awb' | 'slt' | 'rms';
      /** flite's duration_stretch: under 1 the voice speaks faster. */
      stretch?: number;
    }
  | { engine: 'espeak-ng'; name: string; speed?: number; pitch?: number }
) & {
  /** Heard through a telephone-band recording: the voice resampled to 8 kHz, as kal is made. */
  telephone?: boolean;
};

export type Half = 'tune' | 'held-out' | 'fresh' | 'fourth';

export const DEFAULT_VOICE: Voice = { engine: 'flite', name: 'rms' };

/** The command and arguments that say `text` into the WAV file `out`. */
export function voiceCommand(voice: Voice, text: string, out: string): [string, string[]] {
  if (voice.engine === 'flite') {
    const stretch = voice.stretch ? ['--setf', `duration_stretch=${voice.stretch}`] : [];
    return ['flite', ['-voice', voice.name, ...stretch, '-t', text, '-o', out]];
  }
  const prosody = [...(voice.speed ? ['-s', String(voice.speed)] : []), ...(voice.pitch !== undefined ? ['-p', String(voice.pitch)] : [])];
  return ['espeak-ng', ['-v', voice.name, ...prosody, '-w', out, text]];
}

export function voiceLabel(voice: Voice): string {
  const band = voice.telephone ? ' 8 kHz' : '';
  if (voice.engine === 'flite') return `flite ${voice.name}${voice.stretch ? ` stretch ${voice.stretch}` : ''}${band}`;
  return `espeak-ng ${voice.name}${voice.speed ? ` ${voice.speed} wpm` : ''}${voice.pitch !== undefined ? ` pitch ${voice.pitch}` : ''}${band}`;
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
  // Telephone-band recordings of the tune voices, so the fit bar was chosen with 8 kHz speech in view.
  { voice: { engine: 'flite', name: 'rms', telephone: true }, language: 'en', half: 'tune' },
  { voice: { engine: 'flite', name: 'awb', telephone: true }, language: 'en', half: 'tune' },
  // Faster flite voices, added for issue 26 so the tune half holds confident, well-fitting substitutions.
  { voice: { engine: 'flite', name: 'rms', stretch: 0.8 }, language: 'en', half: 'tune' },
  { voice: { engine: 'flite', name: 'awb', stretch: 0.85 }, language: 'en', half: 'tune' },
  { voice: { engine: 'flite', name: 'kal16' }, language: 'en', half: 'fourth' },
  { voice: { engine: 'espeak-ng', name: 'en-gb-x-rp+f3', speed: 160 }, language: 'en', half: 'fourth' },
  { voice: { engine: 'espeak-ng', name: 'en-us+klatt4', speed: 140, pitch: 40 }, language: 'en', half: 'fourth' },
  { voice: { engine: 'espeak-ng', name: 'en-gb-x-gbcwmd', speed: 180 }, language: 'en', half: 'fourth' },
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
  {
    text: 'This face mask clears your skin overnight. It works for every skin type. Order today and get free shipping.',
    keys: ['face', 'mask', 'skin', 'overnight', 'type', 'order', 'free', 'shipping'],
    caption: 'GLOW MASK',
    half: 'fourth',
  },
  {
    text: 'Bananas are berries but strawberries are not. A cloud can weigh over a million pounds. Follow for more facts.',
    keys: ['bananas', 'berries', 'strawberries', 'cloud', 'weigh', 'million', 'pounds', 'facts'],
    half: 'fourth',
  },
  {
    text: 'My morning routine takes twenty minutes. I stretch, make coffee and read the news. Try waking up an hour earlier.',
    keys: ['morning', 'routine', 'twenty', 'minutes', 'stretch', 'coffee', 'news', 'hour'],
    caption: 'MY MORNING ROUTINE',
    half: 'fourth',
  },
  // More of the tune half, added for issue 26: product pitches full of rare product words, where the language model
  // can steer the search to confident, well-fitting substitutions (the held-out half's one nonsense kept was of
  // that kind and the tune half had none to choose a bar against).
  {
    text: 'This air fryer cooks chicken wings in twelve minutes. The basket is nonstick and easy to clean. Use my code for ten percent off.',
    keys: ['air', 'fryer', 'chicken', 'wings', 'twelve', 'minutes', 'basket', 'clean', 'code', 'percent'],
    caption: 'AIR FRYER DEAL',
    half: 'tune',
  },
  {
    text: 'These wireless earbuds last eight hours on one charge. The case fits in any pocket. Click the link below to buy them.',
    keys: ['wireless', 'earbuds', 'eight', 'hours', 'charge', 'case', 'pocket', 'link'],
    half: 'tune',
  },
  {
    text: 'This robot vacuum maps your whole house. It picks up pet hair from carpets and floors. It is on sale this week only.',
    keys: ['robot', 'vacuum', 'maps', 'house', 'pet', 'hair', 'carpets', 'floors', 'sale', 'week'],
    half: 'tune',
  },
  {
    text: 'This stainless steel pan heats evenly on every stove. The handle stays cool while you cook. Grab yours before they sell out.',
    keys: ['stainless', 'steel', 'pan', 'heats', 'stove', 'handle', 'cool', 'cook'],
    caption: 'THE ONLY PAN YOU NEED',
    half: 'tune',
  },
  {
    text: 'This electric toothbrush cleans better than any manual brush. The battery lasts three weeks. Order now and save fifteen dollars.',
    keys: ['electric', 'toothbrush', 'cleans', 'manual', 'brush', 'battery', 'three', 'weeks', 'fifteen', 'dollars'],
    half: 'tune',
  },
  {
    text: 'This water bottle keeps drinks cold for a full day. The lid never leaks in your bag. Tap the shop button to get one.',
    keys: ['water', 'bottle', 'drinks', 'cold', 'day', 'lid', 'leaks', 'bag', 'shop'],
    half: 'tune',
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
  // More of the tune half, added with the acoustic fit (none was kept as English before it but French from Belgium).
  ...tune([
    ['es', 150, 30, 'Este champú deja el pelo brillante en una semana. Cuesta solo diez euros en la farmacia.'],
    ['es-419', 170, 60, 'Mi perro duerme todo el día en el sofá. Por la noche quiere jugar con la pelota.'],
    ['fr', 150, 70, 'Ce gâteau au chocolat se prépare en vingt minutes. Il faut du beurre, des oeufs et du sucre.'],
    ['fr-be', 175, undefined, 'Nous partons en vacances à la montagne. Les enfants adorent la neige et le ski.'],
    ['de', 190, 30, 'Diese Creme macht die Haut in drei Tagen glatt. Kaufen Sie jetzt für nur zwanzig Euro.'],
    ['ca', 160, undefined, 'Aquest restaurant fa la millor paella de la ciutat. Reserveu taula amb temps perquè sempre és ple.'],
    ['pl', 160, 50, 'Ten telefon ma najlepszy aparat na rynku. Bateria wytrzymuje dwa dni bez ładowania.'],
    ['sv', 170, 40, 'Den här cykeln är perfekt för staden. Den väger bara tio kilo och kostar femtusen kronor.'],
    ['es+klatt3', 160, undefined, 'Los aguacates tienen más potasio que los plátanos. Come uno al día para estar sano.'],
  ]),
  // The fourth set: languages and voice sources neither half has.
  {
    voice: { engine: 'espeak-ng', name: 'tr', speed: 170 },
    language: 'tr',
    text: 'Bu çanta çok hafif ve çok sağlam. Sadece iki yüz lira, hemen sipariş verin.',
    caption: 'Bu çanta çok hafif',
    half: 'fourth',
  },
  {
    voice: { engine: 'espeak-ng', name: 'id+f2', speed: 150 },
    language: 'id',
    text: 'Kopi ini dibuat dari biji terbaik di Indonesia. Harganya hanya dua puluh ribu rupiah.',
    caption: 'Kopi terbaik di Indonesia',
    half: 'fourth',
  },
  {
    voice: { engine: 'espeak-ng', name: 'ro', speed: 160, pitch: 70 },
    language: 'ro',
    text: 'Această cremă hidratează pielea timp de două zile. Cumpărați acum la jumătate de preț.',
    half: 'fourth',
  },
  {
    voice: { engine: 'espeak-ng', name: 'cs+klatt2', speed: 165 },
    language: 'cs',
    text: 'Tento telefon má nejlepší fotoaparát na trhu. Baterie vydrží dva dny bez nabíjení.',
    caption: 'Nejlepší telefon na trhu',
    half: 'fourth',
  },
  {
    voice: { engine: 'espeak-ng', name: 'fi', speed: 190 },
    language: 'fi',
    text: 'Tämä kahvi on maailman parasta. Se maksaa vain viisi euroa kupilta.',
    half: 'fourth',
  },
  {
    voice: { engine: 'espeak-ng', name: 'hu', speed: 140, pitch: 30 },
    language: 'hu',
    text: 'Ez a cipő nagyon kényelmes és könnyű. Csak tízezer forintba kerül.',
    half: 'fourth',
  },
];

/** Tune-half clips without a caption: [espeak-ng voice (its language first), speed, pitch, text]. */
function tune(clips: Array<[string, number, number | undefined, string]>) {
  return clips.map(([name, speed, pitch, text]) => ({
    voice: { engine: 'espeak-ng' as const, name, speed, ...(pitch !== undefined ? { pitch } : {}) },
    language: name.split(/[-+]/)[0],
    text,
    half: 'tune' as const,
  }));
}
