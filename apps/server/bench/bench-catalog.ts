/*
 * A large catalog for the picker bench: products with SKUs (some variable, with
 * variations) and customers, added to a store with plain bulk inserts. Names come from word
 * lists (a few with accents and apostrophes, as real stores have); the same seed always
 * gives the same rows. Ids continue after the store's highest ones.
 */
import type { Db } from '../src/db/database';
import { RawSql } from '../src/db/sql';
import { places } from '../src/demo/catalog';
import { Random } from '../src/demo/random';
import { slug } from '../src/demo/slug';

/** How much to add. */
export interface BenchCatalogOptions {
  /** Top-level products (simple and variable); variations come on top. */
  products: number;
  customers: number;
  seed: number;
  /** Last creation day, 'YYYY-MM-DD'; rows are spread over the three years before it. */
  end: string;
}

/** What was added, with the first ids (handy for bench URLs). */
export interface BenchCatalogResult {
  products: number;
  variations: number;
  customers: number;
  firstProductId: number;
  firstCustomerId: number;
}

/** Splits a `|`-separated word list (one string keeps long lists compact). */
const list = (text: string) => text.split('|').map((w) => w.trim());

const ADJECTIVES = list(`
  Classic | Everyday | Coastal | Alpine | Urban | Vintage | Organic | Heritage |
  Nordic | Sunset | Midnight | Meadow | Harbor | Summit | Canyon | Willow | Cedar |
  Aurora | Rugged | Lightweight | Premium | Essential | Deluxe | Compact | Modern |
  Rustic | Minimalist | Handmade | Recycled | Waterproof | Insulated | Soft | Bold |
  Crème | Café | Rosé | Tidal | Prairie | Granite | Harvest
`);

const MATERIALS = list(`
  Cotton | Linen | Wool | Merino | Leather | Canvas | Denim | Silk | Bamboo | Oak |
  Walnut | Ceramic | Stoneware | Steel | Copper | Brass | Glass | Cork | Hemp | Fleece |
  Suede | Titanium | Porcelain | Marble | Velvet
`);

/** Nouns by SKU family; `variable` families sell in colours and sizes. */
const FAMILIES: readonly { code: string; variable: boolean; nouns: readonly string[] }[] = [
  { code: 'TEE', variable: true, nouns: ['Tee', 'V-Neck Tee', 'Long Sleeve Tee', 'Pocket Tee'] },
  { code: 'HOD', variable: true, nouns: ['Hoodie', 'Zip Hoodie', 'Pullover', 'Sweatshirt'] },
  { code: 'SHI', variable: true, nouns: ['Oxford Shirt', 'Flannel Shirt', 'Overshirt', 'Polo'] },
  { code: 'PNT', variable: true, nouns: ['Slim Jeans', 'Chinos', 'Joggers', 'Cargo Pants'] },
  { code: 'JKT', variable: true, nouns: ['Rain Jacket', 'Puffer Vest', 'Wool Coat', 'Parka'] },
  { code: 'BAG', variable: false, nouns: ['Tote', 'Backpack', 'Duffel', 'Messenger Bag', 'Pouch'] },
  { code: 'HAT', variable: false, nouns: ['Beanie', 'Cap', 'Bucket Hat', 'Sun Hat', 'Beret'] },
  { code: 'JWL', variable: false, nouns: ['Band Ring', 'Signet Ring', 'Pendant', 'Bracelet'] },
  {
    code: 'KIT',
    variable: false,
    nouns: ['Mug', 'Chef Knife', 'Cutting Board', 'Teapot', 'Skillet', 'Saucepan', 'Colander'],
  },
  {
    code: 'DEC',
    variable: false,
    nouns: ['Candle', 'Vase', 'Wall Print', 'Cushion', 'Mirror', 'Planter'],
  },
  {
    code: 'BED',
    variable: false,
    nouns: ['Duvet Cover', 'Pillowcase Set', 'Throw Blanket', 'Quilt'],
  },
  {
    code: 'CMP',
    variable: false,
    nouns: ['Tent', 'Sleeping Bag', 'Camp Stove', 'Lantern', 'Hammock'],
  },
  {
    code: 'CYC',
    variable: false,
    nouns: ['Bike Light', 'Saddle Bag', 'Water Bottle', 'Helmet', 'Pump'],
  },
  {
    code: 'BOK',
    variable: false,
    nouns: ['Field Guide', 'Cookbook', 'Handbook', 'Journal', 'Planner'],
  },
  {
    code: 'TOY',
    variable: false,
    nouns: ["Children's Puzzle", 'Board Game', 'Kite', 'Plush Bear'],
  },
];

const COLORS = ['Black', 'White', 'Navy', 'Red', 'Green', 'Grey', 'Olive', 'Sand'] as const;
const SIZES = ['XS', 'S', 'M', 'L', 'XL', 'XXL'] as const;

const FIRST_NAMES = list(`
  Olivia | Liam | Emma | Noah | Ava | Elijah | Sophia | Lucas | Mia | Mateo | Amelia |
  Aarav | Priya | Sita | Ram | Yuki | Hiro | Lena | Jonas | Chloé | Louis | Ana | João |
  Fatima | Omar | Grace | Oscar | Isla | Jack | Zoë | Ethan | Nora | Leo | Hannah |
  Anna | Marie | Mark | Martin | Charlotte | James | Benjamin | Harper | Evelyn |
  Henry | Alexander | Sebastian | Daniel | Aria | Scarlett | Victoria | Renée | Søren |
  Ingrid | Matteo | Giulia | Sakura | Wei | Mei | Arjun | Ananya | Kofi | Amara |
  Diego | Lucía | Andrés | Camille | Élodie | Björn | Astrid | Nikos
`);

const LAST_NAMES = list(`
  Smith | Johnson | Garcia | Brown | Miller | Davis | Martin | Müller | Schmidt |
  Dubois | Bernard | Silva | Santos | Sato | Suzuki | Sharma | Shrestha | Gurung |
  Patel | Wilson | Taylor | Anderson | Thomas | Moore | Lee | Walker | Young |
  Hernández | López | González | Martínez | Rodríguez | Núñez | O'Brien | O'Connor |
  McCarthy | Nguyen | Tran | Kim | Park | Chen | Wang | Li | Zhang | Kowalski | Nowak |
  Novák | Jensen | Hansen | Larsen | Johansson | Andersson | Rossi | Russo | Ferrari |
  Esposito | Bianchi | Okafor | Mensah | Haddad | Khan | Ali | Costa | Pereira |
  Fischer | Weber | Wagner | Becker | Lefèvre | Girard | Fontaine
`);

const DOMAINS = list(`
  example.com | mail.example | inbox.example | post.example | webmail.example |
  example.org | example.net | shop.example
`);

const DAY = 86_400_000;

const PRODUCT_COLUMNS = list(`
  id | parent_id | type | status | name | slug | sku | description | price |
  regular_price | sale_price | manage_stock | stock_quantity | stock_status |
  low_stock_amount | downloadable | virtual | image_url | average_rating |
  rating_count | total_sales | date_created | date_created_gmt
`);

const CUSTOMER_COLUMNS = list(`
  id | user_id | username | first_name | last_name | email | country | state | city |
  postcode | date_registered | date_registered_gmt | date_last_active |
  date_last_active_gmt
`);

const sqlDate = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');

/** Rows are written in chunks so 100,000 products never sit in memory as SQL parameters. */
const CHUNK = 5_000;

/** Adds the bench catalog to `db` (any store: empty or generated). */
export async function seedBenchCatalog(
  db: Db,
  options: BenchCatalogOptions,
): Promise<BenchCatalogResult> {
  const sql = new RawSql(db.kysely, db.engine, db.sqlite);
  const rnd = new Random(options.seed);
  const endMs = Date.parse(`${options.end}T23:59:59Z`);
  const spanMs = 3 * 365 * DAY;
  const maxId = async (table: string) =>
    Number((await sql.query<{ m: number | null }>(`SELECT MAX(id) AS m FROM ${table}`))[0]?.m ?? 0);
  // Variations reuse the store's colour and size terms when it has them.
  const terms = await sql.query<{ id: number; attribute_id: number; name: string }>(
    `SELECT t.id, t.attribute_id, t.name FROM attribute_terms t JOIN attributes a ON a.id = t.attribute_id
     WHERE a.slug IN ('pa_color', 'pa_size') ORDER BY t.id`,
  );
  const termByName = new Map(terms.map((t) => [t.name, t]));

  const firstProductId = (await maxId('products')) + 1;
  let nextProduct = firstProductId;
  let variations = 0;
  const productRows: unknown[][] = [];
  const attributeRows: unknown[][] = [];
  const flushProducts = async (force: boolean) => {
    if (productRows.length < CHUNK && !(force && productRows.length)) return;
    await sql.insertMany('products', PRODUCT_COLUMNS, productRows);
    await sql.insertMany(
      'product_attributes',
      ['product_id', 'attribute_id', 'term_id'],
      attributeRows,
    );
    productRows.length = 0;
    attributeRows.length = 0;
  };
  for (let i = 0; i < options.products; i++) {
    const family = rnd.pick(FAMILIES);
    const parts = [rnd.pick(ADJECTIVES), rnd.pick(MATERIALS), rnd.pick(family.nouns)];
    if (rnd.chance(0.25)) parts.push(rnd.pick(['II', 'Pro', 'Mini', 'XL', '2.0', 'Set of 2']));
    const name = parts.join(' ');
    const id = nextProduct++;
    const sku = `${family.code}-${String(id).padStart(7, '0')}`;
    const variable = family.variable && rnd.chance(0.25);
    const price = rnd.int(5, 400) * 10_000 + rnd.pick([0, 5_000, 9_500, 9_900]);
    const createdMs = endMs - rnd.int(0, spanMs / 1000) * 1000;
    const created = sqlDate(createdMs);
    const status = rnd.weighted([
      ['publish', 97],
      ['draft', 2],
      ['trash', 1],
    ] as const);
    // Sales are skewed: most products sell little, a few sell a lot.
    const sales = Math.floor(Math.exp(rnd.normal() * 1.6 + 2));
    const stock = rnd.chance(0.6) ? rnd.int(0, 150) : null;
    productRows.push(
      row(
        id,
        0,
        variable ? 'variable' : 'simple',
        status,
        name,
        sku,
        price,
        variable ? null : stock,
        sales,
        created,
      ),
    );
    if (variable) {
      const colors = COLORS.filter(() => rnd.chance(0.25)).slice(0, 2);
      if (!colors.length) colors.push(rnd.pick(COLORS));
      const sizes = SIZES.slice(rnd.int(0, 1), rnd.int(4, 6));
      for (const color of colors) {
        for (const size of sizes) {
          const vid = nextProduct++;
          variations++;
          productRows.push(
            row(
              vid,
              id,
              'variation',
              status,
              `${name} - ${color}, ${size}`,
              `${sku}-${color.slice(0, 3).toUpperCase()}-${size}`,
              price,
              rnd.int(0, 40),
              0,
              created,
            ),
          );
          for (const t of [termByName.get(color), termByName.get(size)])
            if (t) attributeRows.push([vid, t.attribute_id, t.id]);
        }
      }
    }
    await flushProducts(false);
  }
  await flushProducts(true);

  const firstCustomerId = (await maxId('customers')) + 1;
  const maxUser = Number(
    (await sql.query<{ m: number | null }>('SELECT MAX(user_id) AS m FROM customers'))[0]?.m ?? 0,
  );
  let nextUser = maxUser + 1;
  const customerRows: unknown[][] = [];
  for (let i = 0; i < options.customers; i++) {
    const id = firstCustomerId + i;
    const first = rnd.pick(FIRST_NAMES);
    const last = rnd.pick(LAST_NAMES);
    const guest = rnd.chance(0.3);
    const place = rnd.weighted(places);
    const registeredMs = endMs - rnd.int(0, spanMs / 1000) * 1000;
    const registered = guest ? null : sqlDate(registeredMs);
    const activeMs = registeredMs + rnd.int(0, Math.max(0, endMs - registeredMs) / 1000) * 1000;
    customerRows.push([
      id,
      guest ? 0 : nextUser++,
      guest ? '' : `${slug(first)}${slug(last).slice(0, 1)}${id}`,
      first,
      last,
      `${slug(first)}.${slug(last)}${rnd.int(1, 9999)}@${rnd.pick(DOMAINS)}`,
      place.country,
      rnd.pick(place.states),
      rnd.pick(place.cities),
      String(rnd.int(10000, 99999)),
      registered,
      registered,
      sqlDate(activeMs),
      sqlDate(activeMs),
    ]);
    if (customerRows.length >= CHUNK) {
      await sql.insertMany('customers', CUSTOMER_COLUMNS, customerRows);
      customerRows.length = 0;
    }
  }
  await sql.insertMany('customers', CUSTOMER_COLUMNS, customerRows);
  return {
    products: options.products,
    variations,
    customers: options.customers,
    firstProductId,
    firstCustomerId,
  };
}

function row(
  id: number,
  parentId: number,
  type: 'simple' | 'variable' | 'variation',
  status: string,
  name: string,
  sku: string,
  price: number,
  stock: number | null,
  sales: number,
  created: string,
): unknown[] {
  return [
    id,
    parentId,
    type,
    status,
    name,
    slug(name),
    sku,
    '',
    price,
    price,
    null,
    stock === null ? 0 : 1,
    stock,
    stock === null || stock > 0 ? 'instock' : 'outofstock',
    null,
    0,
    0,
    '',
    0,
    0,
    sales,
    created,
    created,
  ];
}
