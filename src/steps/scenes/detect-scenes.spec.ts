import { defineSpec } from '../step.js';

export const MAX_SCENES = 60;

/** Thumbnails: every half second (every frame of a video with fewer), at most this many over the video (they are the on-screen-text samples too). */
export const MAX_SAMPLES = 240;

export const detectScenesSpec = defineSpec({
  type: 'detect_scenes',
  summary: 'Finds the cuts of a video, extracts one keyframe per scene and samples frames through time',
  description:
    'Compares each frame of `source` (each of its own frames, every n-th of one faster than 72 a second; 25 a second ' +
    'from one slower than 1 or of no stated rate; shrunk to 48x27) with the one before on colour, not only ' +
    'brightness: the share of pixels whose colour changed and the distance between colour histograms. A frame is ' +
    'a cut when that change is at least `threshold` percent (default 30) and stands out from the second around it ' +
    '(above its median by 25 points), so busy shots are not cut up; the change is counted after the shift of the ' +
    'picture (up to a third of the frame) that explains most of it, so a shaking, panning or whipping camera is no cut, ' +
    'and a flash (a few frames after which the picture comes back) is none either. A smaller change is a cut too where ' +
    'the frames before it line up with none after it in structure at 96x54 (the grey less its local mean), far worse than ' +
    'the frames on either side line up among themselves (a jump cut on a sparse screenshot under a shaking camera). ' +
    'Gradual transitions (about 0.3 to ' +
    '2 s) are boundaries too, at their middle: cross-fades and fades through black as frames that mix the shots before ' +
    'and after them, and any other kind (a wipe, a slide, an iris) as frames half a second to a second apart that differ in ' +
    'pixels and colours with no cut between them (where two pale or one-palette pictures look alike at 48x27, by their ' +
    'structure at 96x54: the grey less its local mean). Scenes shorter than ' +
    '`min_scene_seconds` (default 0.5) are merged into their neighbour (at most ' +
    `${MAX_SCENES} scenes: the weakest cuts go first). In the same decoding pass, frames are sampled every half ` +
    `second (every frame of a video with fewer; at most ${MAX_SAMPLES} over the video), each with the time of the frame it is (every time on the ` +
    "picture's timeline: its first frame at 0): each scene gets the one nearest its middle as a JPEG keyframe, " +
    'and all are returned as `samples` for reading on-screen text through time. ' +
    'Outputs `scenes` [{index, start, end, keyframe_path, keyframe_time}], `cuts` (seconds) and `samples` [{time, path, ' +
    'scene, gray}] (`gray`: the frame in grey, its shorter side shrunk to 360 px, for finding text).',
  with: {
    type: 'object',
    required: ['source'],
    additionalProperties: false,
    properties: {
      source: { type: 'string' },
      threshold: { type: 'number', minimum: 1, maximum: 100 },
      min_scene_seconds: { type: 'number', minimum: 0, maximum: 60 },
    },
  },
  output: {
    type: 'object',
    required: ['scenes', 'cuts', 'samples'],
    additionalProperties: false,
    properties: {
      scenes: {
        type: 'array',
        items: {
          type: 'object',
          required: ['index', 'start', 'end', 'keyframe_path', 'keyframe_time'],
          additionalProperties: false,
          properties: {
            index: { type: 'integer' },
            start: { type: 'number' },
            end: { type: 'number' },
            keyframe_path: { type: 'string' },
            keyframe_time: { type: 'number' },
          },
        },
      },
      cuts: { type: 'array', items: { type: 'number' } },
      samples: {
        type: 'array',
        items: {
          type: 'object',
          required: ['time', 'path', 'scene', 'gray'],
          additionalProperties: false,
          properties: { time: { type: 'number' }, path: { type: 'string' }, scene: { type: 'integer' }, gray: { type: 'string' } },
        },
      },
    },
  },
  example: `- id: scenes\n  uses: detect_scenes\n  with: { source: "{{steps.video.path}}" }`,
});
