import sharp from 'sharp';
import { KnownFailure } from '../../engines/known-failure.js';
import { pickOneFace } from '../../imaging/faces.js';
import { PORTRAIT_SIZE } from '../../imaging/portrait.js';
import { loadTemplate } from '../shared/prompt-templates.js';
import { defineStep } from '../step.js';
import { readPalette } from './color-palette.js';
import { editorialPortraitSpec } from './editorial-portrait.spec.js';

interface Input {
  image: string;
  mime_type: string;
  clothing_style?: string | null;
  color_palette?: string | null;
  pose?: string | null;
}

type Direction = 'clothing_style' | 'color_palette' | 'pose';
const DIRECTIONS: Direction[] = ['clothing_style', 'color_palette', 'pose'];

interface Output {
  image_b64: string;
  mime_type: 'image/jpeg';
  width: number;
  height: number;
  /** Which directions the portrait follows (offline, only the colour palette can be). */
  applied: Record<Direction, boolean>;
  notes: string[];
}

export const editorialPortraitStep = defineStep<Input, Output>({
  ...editorialPortraitSpec,
  async run(input, ctx) {
    const face = pickOneFace(await ctx.tools.faces.detect(input.image, ctx.signal));
    ctx.engine('faces', ctx.tools.faces.name);
    if (typeof face === 'string') throw new KnownFailure(face);
    const asked = Object.fromEntries(DIRECTIONS.map((d) => [d, input[d]?.trim() || null])) as Record<Direction, string | null>;
    const notes: string[] = [];
    let jpeg: Buffer;
    let applied: Record<Direction, boolean>;

    const editor = ctx.tools.imageEditor;
    if (editor) {
      const prompt = (await loadTemplate(ctx.tools.paths.promptsDir, 'pfp'))(asked);
      const edited = await editor.edit({ image: input.image, mimeType: input.mime_type, prompt, size: '1024x1024', signal: ctx.signal });
      // Whatever size and format the model answers, the result is a 1024x1024 JPEG.
      jpeg = await sharp(edited)
        .resize(PORTRAIT_SIZE, PORTRAIT_SIZE, { fit: 'cover', position: 'attention' })
        .jpeg({ quality: 90 })
        .toBuffer()
        .catch(() => {
          throw new KnownFailure('the image model answered with bytes that are not an image');
        });
      applied = { clothing_style: !!asked.clothing_style, color_palette: !!asked.color_palette, pose: !!asked.pose };
      ctx.engine('portrait', editor.name);
    } else {
      const palette = await readPalette(ctx.tools.paths.knowledgeDir, asked.color_palette);
      const { portraits } = ctx.tools;
      jpeg = await portraits.compose({ image: input.image, face, style: palette, signal: ctx.signal });
      applied = { clothing_style: false, color_palette: !!asked.color_palette && palette.matched.length > 0, pose: false };
      if (asked.color_palette && !applied.color_palette)
        notes.push(
          `no colour was recognised in color_palette "${asked.color_palette}": the neutral studio grey was used (knowledge/palettes.yaml lists the names understood)`,
        );
      if (applied.color_palette) notes.push(`backdrop and grade from: ${palette.matched.join(', ')}`);
      if (asked.clothing_style)
        notes.push('clothing_style needs an image model (IMAGE_PROVIDER): the offline portrait keeps the clothes in the photo');
      if (asked.pose) notes.push('pose needs an image model (IMAGE_PROVIDER): the offline portrait keeps the pose in the photo');
      ctx.engine('portrait', portraits.name);
    }
    return { image_b64: jpeg.toString('base64'), mime_type: 'image/jpeg', width: PORTRAIT_SIZE, height: PORTRAIT_SIZE, applied, notes };
  },
});
