/** The stopword package's lists: each language's function words, keyed by ISO 639-3 code (eng, spa, deu, ...). */
declare module 'stopword' {
  const lists: Record<string, string[] | undefined>;
  export = lists;
}
