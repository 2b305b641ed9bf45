/**
 * Short captions in the languages reels are made in, for the language of on-screen text and titles
 * (bench/quality's `languages` section). Written after the rule for short texts (franc, a function word and
 * lande agreeing; src/steps/shared/language.ts) was chosen on the voices' captions and run on them once: no
 * choice was made on these.
 */
export const CAPTION_LANGUAGES: Array<{ language: string; text: string }> = [
  { language: 'es', text: 'La mejor paella de Valencia' },
  { language: 'es', text: 'Mi rutina de mañana' },
  { language: 'es', text: 'Cómo hacer pan en casa' },
  { language: 'fr', text: 'Le meilleur croissant de Paris' },
  { language: 'fr', text: 'Ma routine du matin' },
  { language: 'fr', text: 'Trois astuces pour dormir mieux' },
  { language: 'de', text: 'Mein Frühstück für jeden Tag' },
  { language: 'de', text: 'So wird der Kuchen saftig' },
  { language: 'it', text: 'Il gelato più buono di Milano' },
  { language: 'it', text: 'Tre trucchi per la pasta' },
  { language: 'pt', text: 'A melhor praia do Brasil' },
  { language: 'pt', text: 'Minha rotina de treino' },
  { language: 'nl', text: 'Mijn ochtendroutine in Amsterdam' },
  { language: 'nl', text: 'Zo maak je verse soep' },
  { language: 'sv', text: 'Den bästa kaffet i stan' },
  { language: 'sv', text: 'Min morgonrutin med barnen' },
  { language: 'da', text: 'Den bedste kage i byen' },
  { language: 'no', text: 'Slik lager du vafler' },
  { language: 'pl', text: 'Najlepsza pizza w mieście' },
  { language: 'pl', text: 'Mój poranny trening' },
  { language: 'cs', text: 'Jak upéct chleba doma' },
  { language: 'ro', text: 'Cea mai bună ciorbă din oraș' },
  { language: 'hu', text: 'A legjobb lángos a városban' },
  { language: 'tr', text: 'Evde kolay ekmek tarifi' },
  { language: 'id', text: 'Resep nasi goreng paling enak' },
  { language: 'id', text: 'Cara membuat kopi susu' },
  { language: 'fi', text: 'Paras kahvila Helsingissä' },
  { language: 'vi', text: 'Cách làm phở bò ngon' },
  { language: 'en', text: 'The best pizza in town' },
  { language: 'en', text: 'My morning routine' },
  { language: 'en', text: 'Three tips for better sleep' },
];
