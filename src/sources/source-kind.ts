/**
 * What a step expects at a URL it fetches from the request, and so what is checked there before a payment
 * settles: a video (or a page or manifest that carries one), an image, or a map-service place page.
 */
export type SourceKind = 'video' | 'image' | 'map';
