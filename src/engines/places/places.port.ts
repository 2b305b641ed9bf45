/** What a place directory says about a place. */
export interface PlaceDetails {
  id: string;
  name: string;
  address: string | null;
  /** ISO 3166-1 alpha-2, from the address components. */
  country: string | null;
  website: string | null;
  /** Photo resource names, to fetch with `photoUrl`. */
  photos: string[];
}

/** A directory of places (e.g. Google's Places API): details by id, a text search, and photo media. */
export interface PlaceDirectory {
  readonly name: string;
  details(placeId: string, signal: AbortSignal): Promise<PlaceDetails>;
  search(text: string, signal: AbortSignal): Promise<PlaceDetails | null>;
  photoUrl(photoName: string, signal: AbortSignal): Promise<string>;
}

/** A directory's refusal with its HTTP status (429 and 5xx are worth a retry). */
export class PlaceDirectoryError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}
