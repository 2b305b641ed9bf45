// The 60 s clip of bench/analyze: 720x1280, 12 scenes of 5 s with a caption each, flite speech (generated once
// and cached by makeClip in test-artifacts/clips).
export const SPEECH =
  'Welcome back to the kitchen. Today I will show you the fastest pasta recipe you will ever make. ' +
  'First, boil a big pot of salted water and add the spaghetti. While it cooks, slice four cloves of garlic ' +
  'and warm them gently in olive oil. Add a can of crushed tomatoes, a pinch of chili flakes and some salt. ' +
  'Let the sauce simmer for about ten minutes until it thickens. Drain the pasta, but keep a cup of the water. ' +
  'Toss everything together with fresh basil and a handful of parmesan cheese. This is honestly the best ' +
  'weeknight dinner, and it costs less than five dollars. Save this video, follow for more easy recipes, ' +
  'and tell me in the comments what you want me to cook next. See you tomorrow, and happy cooking everyone.';
export const CAPTIONS = [
  'FASTEST PASTA EVER',
  'BOIL SALTED WATER',
  'SLICE THE GARLIC',
  'ADD TOMATOES',
  'SIMMER 10 MINUTES',
  'KEEP PASTA WATER',
  'ADD FRESH BASIL',
  'UNDER 5 DOLLARS',
  'SAVE THIS VIDEO',
  'FOLLOW FOR MORE',
  'COMMENT BELOW',
  'HAPPY COOKING',
];
// Neighbouring scenes differ in brightness: ffmpeg's scdet compares luma, so two solid colours of equal
// brightness would not be a detectable cut (nor, to a viewer in greyscale, a visible one).
const SOURCES = [
  'color=c=0x2050a0',
  'testsrc2',
  'color=c=0xa04020',
  'smptebars',
  'color=c=0x103010',
  'color=c=0xc0c0a0',
  'color=c=0x301040',
  'testsrc',
  'color=c=0xe0a060',
  'rgbtestsrc',
  'color=c=0x102040',
  'color=c=0xd09090',
];

export const PLAIN_CLIP = {
  scenes: CAPTIONS.map((caption, i) => ({ seconds: 5, source: SOURCES[i], caption })),
  speech: SPEECH,
  width: 720,
  height: 1280,
  title: 'Fastest pasta',
};

/** The same 60 s clip with a music bed (chords on a beat with drums, 12 dB under the voice): the three-readings path. */
export const MUSIC_CLIP = { ...PLAIN_CLIP, musicBelowDb: 12, musicBed: 'beat' };

/** A 12 s reel as platforms serve them: three scenes with captions, a voice-over over a music bed. */
export const MUSIC_REEL = {
  scenes: [
    { seconds: 4, source: 'color=c=0x2050a0', caption: 'FASTEST PASTA EVER' },
    { seconds: 4, source: 'testsrc2', caption: 'BOIL SALTED WATER' },
    { seconds: 4, source: 'color=c=0xa04020', caption: 'ADD TOMATOES' },
  ],
  speech:
    'Welcome back to the kitchen. Today I will show you the fastest pasta recipe you will ever make. ' +
    'Boil a big pot of salted water and add a can of crushed tomatoes.',
  pause: 0.35,
  musicBelowDb: 12,
  musicBed: 'beat',
  width: 720,
  height: 1280,
  title: 'Fastest pasta',
};

/** Three minutes: the plain clip's 12 scenes three times over (captions numbered by round), its speech three times. */
export const THREE_MINUTE_CLIP = {
  ...PLAIN_CLIP,
  scenes: [0, 1, 2].flatMap((round) =>
    PLAIN_CLIP.scenes.map((s, i) => ({ ...s, caption: `${CAPTIONS[(i + round * 5) % 12]}${round ? ` ${round + 1}` : ''}` })),
  ),
  speech: `${SPEECH} ${SPEECH} ${SPEECH}`,
  title: 'Three minutes',
};

/** The same reel with its music and no voice: captions and a beat, as many reels are. */
export const MUSIC_ALONE_REEL = { scenes: MUSIC_REEL.scenes, musicAlone: 'beat', width: 720, height: 1280, title: 'Fastest pasta' };
