/** What the menu steps hand each other (resolve_place -> find_menu -> price_menu -> translate_menu). */

export interface ResolvedPlace {
  restaurant: {
    name: string;
    address: string | null;
    country: string | null;
    currency: string | null;
    source_url: string;
    website: string | null;
  };
  /** schema.org hasMenu from the place page: a URL or a Menu object. */
  menu_hint: unknown;
  /** Places API photo resource names. */
  photos: string[];
  via: 'page structured data' | 'Places API';
  sources: string[];
}

export interface PricedCategory {
  name: string;
  items: PricedItem[];
}

export interface PricedItem {
  name: string;
  description: string | null;
  price: { amount: number; currency: string | null } | null;
  price_usd: number | null;
}
