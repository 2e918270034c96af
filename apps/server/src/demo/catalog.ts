/** Static material the demo store is built from: names, places, taxes, coupons. */

export const categoryTree: readonly {
  name: string;
  children?: readonly { name: string; children?: readonly string[] }[];
}[] = [
  {
    name: 'Clothing',
    children: [
      { name: 'Tops', children: ['T-shirts', 'Hoodies', 'Shirts'] },
      { name: 'Bottoms', children: ['Jeans', 'Shorts'] },
      { name: 'Outerwear' },
    ],
  },
  {
    name: 'Accessories',
    children: [
      { name: 'Bags' },
      { name: 'Hats' },
      { name: 'Jewelry', children: ['Rings', 'Necklaces'] },
    ],
  },
  { name: 'Home', children: [{ name: 'Kitchen' }, { name: 'Decor' }, { name: 'Bedding' }] },
  { name: 'Outdoor', children: [{ name: 'Camping' }, { name: 'Cycling' }] },
  { name: 'Digital', children: [{ name: 'E-books' }, { name: 'Music' }, { name: 'Courses' }] },
];

/** Categories whose products are variable (colour × size). */
export const variableCategories = new Set([
  'T-shirts',
  'Hoodies',
  'Shirts',
  'Jeans',
  'Shorts',
  'Outerwear',
]);
/** Categories whose products are downloadable. */
export const digitalCategories = new Set(['E-books', 'Music', 'Courses']);

export const productWords: Record<string, { nouns: readonly string[]; price: [number, number] }> = {
  'T-shirts': { nouns: ['Tee', 'V-Neck Tee', 'Long Sleeve Tee', 'Pocket Tee'], price: [15, 35] },
  Hoodies: { nouns: ['Hoodie', 'Zip Hoodie', 'Pullover'], price: [40, 80] },
  Shirts: { nouns: ['Oxford Shirt', 'Flannel Shirt', 'Linen Shirt'], price: [35, 70] },
  Jeans: { nouns: ['Slim Jeans', 'Straight Jeans', 'Relaxed Jeans'], price: [50, 110] },
  Shorts: { nouns: ['Chino Shorts', 'Running Shorts', 'Denim Shorts'], price: [25, 50] },
  Outerwear: { nouns: ['Rain Jacket', 'Puffer Vest', 'Wool Coat'], price: [80, 240] },
  Bags: { nouns: ['Tote', 'Backpack', 'Duffel', 'Messenger Bag'], price: [30, 150] },
  Hats: { nouns: ['Beanie', 'Cap', 'Bucket Hat', 'Sun Hat'], price: [15, 40] },
  Rings: { nouns: ['Band Ring', 'Signet Ring', 'Stacking Ring'], price: [25, 180] },
  Necklaces: { nouns: ['Pendant', 'Chain', 'Locket'], price: [30, 220] },
  Kitchen: { nouns: ['Mug', 'Chef Knife', 'Cutting Board', 'Teapot', 'Skillet'], price: [12, 120] },
  Decor: { nouns: ['Candle', 'Vase', 'Wall Print', 'Cushion'], price: [15, 90] },
  Bedding: { nouns: ['Duvet Cover', 'Pillowcase Set', 'Throw Blanket'], price: [35, 160] },
  Camping: { nouns: ['Tent', 'Sleeping Bag', 'Camp Stove', 'Lantern'], price: [25, 320] },
  Cycling: { nouns: ['Bike Light', 'Saddle Bag', 'Water Bottle', 'Helmet'], price: [10, 140] },
  'E-books': { nouns: ['Field Guide', 'Cookbook', 'Handbook'], price: [8, 25] },
  Music: { nouns: ['Album', 'EP', 'Live Session'], price: [7, 15] },
  Courses: { nouns: ['Masterclass', 'Workshop Recording', 'Starter Course'], price: [29, 149] },
};

export const adjectives = [
  'Classic',
  'Everyday',
  'Coastal',
  'Alpine',
  'Urban',
  'Vintage',
  'Organic',
  'Heritage',
  'Nordic',
  'Sunset',
  'Midnight',
  'Meadow',
  'Harbor',
  'Summit',
  'Canyon',
  'Willow',
  'Cedar',
  'Aurora',
];

export const colors = ['Black', 'White', 'Navy', 'Red', 'Green', 'Grey'] as const;
export const sizes = ['S', 'M', 'L', 'XL'] as const;

export const firstNames = [
  'Olivia',
  'Liam',
  'Emma',
  'Noah',
  'Ava',
  'Elijah',
  'Sophia',
  'Lucas',
  'Mia',
  'Mateo',
  'Amelia',
  'Aarav',
  'Priya',
  'Sita',
  'Ram',
  'Yuki',
  'Hiro',
  'Lena',
  'Jonas',
  'Chloé',
  'Louis',
  'Ana',
  'João',
  'Fatima',
  'Omar',
  'Grace',
  'Oscar',
  'Isla',
  'Jack',
  'Zoe',
  'Ethan',
  'Nora',
  'Leo',
];
export const lastNames = [
  'Smith',
  'Johnson',
  'Garcia',
  'Brown',
  'Miller',
  'Davis',
  'Martin',
  'Müller',
  'Schmidt',
  'Dubois',
  'Bernard',
  'Silva',
  'Santos',
  'Sato',
  'Suzuki',
  'Sharma',
  'Shrestha',
  'Gurung',
  'Patel',
  'Wilson',
  'Taylor',
  'Anderson',
  'Thomas',
  'Moore',
  'Lee',
  'Walker',
  'Young',
];

/** Where customers live, by weight; states where taxes differ. */
export const places: readonly (readonly [
  { country: string; states: readonly string[]; cities: readonly string[] },
  number,
])[] = [
  [
    {
      country: 'US',
      states: ['CA', 'NY', 'TX', 'FL', 'WA', 'IL'],
      cities: ['Springfield', 'Riverside', 'Fairview', 'Madison'],
    },
    45,
  ],
  [{ country: 'CA', states: ['ON', 'BC', 'QC'], cities: ['Toronto', 'Vancouver', 'Montréal'] }, 8],
  [{ country: 'GB', states: [''], cities: ['London', 'Leeds', 'Bristol'] }, 10],
  [{ country: 'DE', states: [''], cities: ['Berlin', 'Hamburg', 'München'] }, 8],
  [{ country: 'FR', states: [''], cities: ['Paris', 'Lyon', 'Nantes'] }, 6],
  [{ country: 'AU', states: ['NSW', 'VIC'], cities: ['Sydney', 'Melbourne'] }, 6],
  [{ country: 'NP', states: ['BA'], cities: ['Kathmandu', 'Lalitpur'] }, 3],
  [{ country: 'IN', states: ['MH', 'KA'], cities: ['Mumbai', 'Bengaluru'] }, 5],
  [{ country: 'BR', states: ['SP', 'RJ'], cities: ['São Paulo', 'Rio de Janeiro'] }, 4],
  [{ country: 'JP', states: ['13'], cities: ['Tokyo'] }, 3],
  [{ country: 'NL', states: [''], cities: ['Amsterdam', 'Utrecht'] }, 2],
];

/** Tax rates: country, state ('' = all), name, rate %, priority. */
export const taxRates = [
  { country: 'US', state: 'CA', name: 'CA Tax', rate: '7.2500', priority: 1 },
  { country: 'US', state: 'NY', name: 'NY Tax', rate: '4.0000', priority: 1 },
  { country: 'US', state: 'TX', name: 'TX Tax', rate: '6.2500', priority: 1 },
  { country: 'US', state: 'WA', name: 'WA Tax', rate: '6.5000', priority: 1 },
  { country: 'CA', state: '', name: 'GST', rate: '5.0000', priority: 1 },
  { country: 'GB', state: '', name: 'VAT', rate: '20.0000', priority: 1 },
  { country: 'DE', state: '', name: 'MwSt', rate: '19.0000', priority: 1 },
  { country: 'FR', state: '', name: 'TVA', rate: '20.0000', priority: 1 },
  { country: 'NL', state: '', name: 'BTW', rate: '21.0000', priority: 1 },
  { country: 'AU', state: '', name: 'GST', rate: '10.0000', priority: 1 },
] as const;

export const coupons = [
  { code: 'welcome10', type: 'percent', amount: '10' },
  { code: 'summer20', type: 'percent', amount: '20' },
  { code: 'blackfriday30', type: 'percent', amount: '30' },
  { code: 'vip15', type: 'percent', amount: '15' },
  { code: 'save5', type: 'fixed_cart', amount: '5' },
  { code: 'save10', type: 'fixed_cart', amount: '10' },
  { code: 'freshstart25', type: 'fixed_cart', amount: '25' },
  { code: 'tee3off', type: 'fixed_product', amount: '3' },
  { code: 'bundle2', type: 'fixed_product', amount: '2' },
  { code: 'loyalty12', type: 'percent', amount: '12' },
  { code: 'spring-sale', type: 'percent', amount: '25' },
  { code: 'ship-free', type: 'fixed_cart', amount: '7.5' },
] as const;
