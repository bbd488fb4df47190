/** Word lists the demo data is built from. */
import type { orders } from '@extranet/contract';

export type BaseUom = 'pcs' | 'kg' | 'l';

export interface ProductType {
  name: string;
  sizes: readonly string[];
  /** Euro range of the list price. */
  price: readonly [number, number];
  uom?: BaseUom;
  /** Shelf life in days; none for goods that do not expire. */
  expiry?: number;
  /** Receiving temperature range, °C. */
  temp?: readonly [number, number];
  /** Alcohol percent range. */
  alcohol?: readonly [number, number];
  excise?: string;
  /** Combined Nomenclature code. */
  hs: string;
  vat?: number;
}

const AMBIENT = [15, 25] as const;
const CHILLED = [2, 6] as const;
const FROZEN = [-25, -18] as const;

export const FOOD: readonly ProductType[] = [
  {
    name: 'dark chocolate',
    sizes: ['100 g', '200 g'],
    price: [1.2, 3.9],
    expiry: 365,
    temp: AMBIENT,
    hs: '18063210',
  },
  {
    name: 'milk chocolate',
    sizes: ['90 g', '180 g'],
    price: [1.1, 3.5],
    expiry: 300,
    temp: AMBIENT,
    hs: '18063210',
  },
  {
    name: 'rye bread',
    sizes: ['500 g', '800 g'],
    price: [1.4, 2.9],
    expiry: 10,
    temp: AMBIENT,
    hs: '19059080',
  },
  { name: 'sunflower oil', sizes: ['1 l', '3 l'], price: [2.1, 7.5], expiry: 540, hs: '15121191' },
  { name: 'buckwheat groats', sizes: ['800 g', '1 kg'], price: [1.6, 3.2], expiry: 540, hs: '11042904' },
  { name: 'oat flakes', sizes: ['500 g', '1 kg'], price: [0.9, 2.4], expiry: 365, hs: '11041290' },
  { name: 'wheat flour', sizes: ['1 kg', '2 kg'], price: [0.8, 2.1], expiry: 365, hs: '11010015' },
  {
    name: 'sour cream 20%',
    sizes: ['200 g', '400 g'],
    price: [0.9, 2.2],
    expiry: 21,
    temp: CHILLED,
    hs: '04039051',
  },
  {
    name: 'kefir 2.5%',
    sizes: ['500 ml', '1 l'],
    price: [0.8, 1.7],
    expiry: 14,
    temp: CHILLED,
    hs: '04039031',
  },
  {
    name: 'cottage cheese',
    sizes: ['250 g', '500 g'],
    price: [1.3, 3.1],
    expiry: 14,
    temp: CHILLED,
    hs: '04061080',
  },
  { name: 'smoked sprats in oil', sizes: ['160 g', '240 g'], price: [1.5, 3.4], expiry: 730, hs: '16041300' },
  {
    name: 'pelmeni dumplings',
    sizes: ['500 g', '1 kg'],
    price: [2.5, 6.9],
    expiry: 270,
    temp: FROZEN,
    hs: '19022091',
  },
  {
    name: 'frozen berry mix',
    sizes: ['300 g', '1 kg'],
    price: [2.2, 7.9],
    expiry: 540,
    temp: FROZEN,
    hs: '08119095',
  },
  { name: 'flower honey', sizes: ['250 g', '500 g'], price: [3.5, 8.9], expiry: 730, hs: '04090000' },
  {
    name: 'smoked cheese',
    sizes: ['by weight'],
    uom: 'kg',
    price: [9.5, 16.9],
    expiry: 60,
    temp: CHILLED,
    hs: '04069088',
  },
  {
    name: 'pork sausages',
    sizes: ['by weight'],
    uom: 'kg',
    price: [6.9, 12.5],
    expiry: 20,
    temp: [0, 4],
    hs: '16010099',
  },
  { name: 'potato chips', sizes: ['90 g', '150 g'], price: [1.1, 2.6], expiry: 240, hs: '20052020' },
  { name: 'tomato ketchup', sizes: ['300 g', '500 g'], price: [1.2, 2.8], expiry: 365, hs: '21032000' },
  { name: 'pickled cucumbers', sizes: ['680 g', '900 g'], price: [1.9, 3.9], expiry: 730, hs: '20011000' },
  { name: 'instant coffee', sizes: ['100 g', '200 g'], price: [4.5, 11.9], expiry: 720, hs: '21011100' },
  { name: 'black tea', sizes: ['25 bags', '100 g'], price: [1.5, 4.5], expiry: 720, hs: '09023000' },
  { name: 'apple juice', sizes: ['0.2 l', '1 l'], price: [0.6, 2.1], expiry: 365, hs: '20097999', vat: 12 },
  {
    name: 'sauerkraut',
    sizes: ['by weight'],
    uom: 'kg',
    price: [1.9, 3.5],
    expiry: 45,
    temp: CHILLED,
    hs: '20059980',
  },
  { name: 'grey peas', sizes: ['400 g', '1 kg'], price: [1.4, 3.3], expiry: 540, hs: '07131090' },
];

export const DRINKS: readonly ProductType[] = [
  {
    name: 'pilsner beer',
    sizes: ['0.5 l can', '0.33 l bottle'],
    price: [0.9, 1.9],
    expiry: 270,
    alcohol: [4.2, 5.2],
    excise: 'B000',
    hs: '22030001',
  },
  {
    name: 'dark lager',
    sizes: ['0.5 l can', '0.5 l bottle'],
    price: [1.1, 2.2],
    expiry: 270,
    alcohol: [5.0, 6.5],
    excise: 'B000',
    hs: '22030001',
  },
  {
    name: 'unfiltered wheat beer',
    sizes: ['0.5 l bottle', '1 l PET'],
    price: [1.3, 3.1],
    expiry: 180,
    alcohol: [4.8, 5.6],
    excise: 'B000',
    hs: '22030001',
  },
  {
    name: 'apple cider',
    sizes: ['0.5 l can', '0.33 l bottle'],
    price: [1.2, 2.3],
    expiry: 365,
    alcohol: [4.5, 5.5],
    excise: 'I000',
    hs: '22060031',
  },
  {
    name: 'vodka',
    sizes: ['0.5 l', '0.7 l', '1 l'],
    price: [8.9, 19.9],
    alcohol: [37.5, 40],
    excise: 'S200',
    hs: '22086011',
  },
  {
    name: 'herbal balsam',
    sizes: ['0.2 l', '0.5 l'],
    price: [6.9, 17.9],
    alcohol: [40, 45],
    excise: 'S200',
    hs: '22089069',
  },
  {
    name: 'dry gin',
    sizes: ['0.7 l'],
    price: [14.9, 29.9],
    alcohol: [40, 47],
    excise: 'S200',
    hs: '22085011',
  },
  {
    name: 'dry white wine',
    sizes: ['0.75 l'],
    price: [5.9, 14.9],
    expiry: 1095,
    alcohol: [11, 13],
    excise: 'W200',
    hs: '22042179',
  },
  {
    name: 'sparkling wine',
    sizes: ['0.75 l'],
    price: [6.9, 16.9],
    expiry: 730,
    alcohol: [10.5, 12],
    excise: 'W300',
    hs: '22041093',
  },
  { name: 'still mineral water', sizes: ['0.5 l', '1.5 l'], price: [0.4, 1.1], expiry: 540, hs: '22011011' },
  {
    name: 'sparkling mineral water',
    sizes: ['0.5 l', '1.5 l'],
    price: [0.4, 1.2],
    expiry: 540,
    hs: '22011019',
  },
  {
    name: 'bread kvass',
    sizes: ['1 l', '2 l'],
    price: [1.0, 2.3],
    expiry: 120,
    temp: [2, 12],
    hs: '22029919',
  },
  { name: 'orange juice', sizes: ['1 l', '0.25 l'], price: [0.7, 2.5], expiry: 300, hs: '20091999', vat: 12 },
  {
    name: 'energy drink',
    sizes: ['0.25 l can', '0.5 l can'],
    price: [0.9, 1.9],
    expiry: 540,
    hs: '22029919',
  },
  { name: 'cola', sizes: ['0.5 l', '1.5 l'], price: [0.8, 1.9], expiry: 365, hs: '22021000' },
  { name: 'birch sap', sizes: ['1 l', '3 l'], price: [1.5, 4.9], expiry: 365, hs: '22029919' },
  { name: 'lemon iced tea', sizes: ['0.5 l', '1.5 l'], price: [0.8, 1.8], expiry: 365, hs: '22029919' },
  {
    name: 'draught beer keg',
    sizes: ['20 l', '30 l'],
    uom: 'l',
    price: [2.2, 3.6],
    expiry: 120,
    alcohol: [4.5, 5.2],
    excise: 'B000',
    hs: '22030009',
  },
];

export const HOME: readonly ProductType[] = [
  { name: 'dishwashing liquid', sizes: ['500 ml', '1 l'], price: [1.3, 3.9], expiry: 1095, hs: '34022090' },
  { name: 'laundry powder', sizes: ['1.5 kg', '3 kg'], price: [4.9, 12.9], expiry: 1095, hs: '34022090' },
  { name: 'laundry gel', sizes: ['1 l', '2.5 l'], price: [4.5, 13.9], expiry: 1095, hs: '34022090' },
  { name: 'fabric softener', sizes: ['1 l', '2 l'], price: [2.5, 6.9], expiry: 1095, hs: '38099100' },
  { name: 'toilet paper', sizes: ['8 rolls', '24 rolls'], price: [2.9, 9.9], hs: '48181010' },
  { name: 'paper towels', sizes: ['2 rolls', '4 rolls'], price: [1.9, 4.9], hs: '48181090' },
  { name: 'shampoo', sizes: ['250 ml', '400 ml'], price: [2.9, 7.9], expiry: 1095, hs: '33051000' },
  { name: 'shower gel', sizes: ['250 ml', '500 ml'], price: [1.9, 5.9], expiry: 1095, hs: '34013000' },
  { name: 'liquid hand soap', sizes: ['300 ml', '1 l'], price: [1.2, 4.5], expiry: 1095, hs: '34013000' },
  { name: 'toothpaste', sizes: ['75 ml', '125 ml'], price: [1.5, 4.9], expiry: 900, hs: '33061000' },
  { name: 'hand cream', sizes: ['50 ml', '100 ml'], price: [1.9, 6.5], expiry: 900, hs: '33049900' },
  { name: 'deodorant spray', sizes: ['150 ml'], price: [2.5, 5.9], expiry: 900, hs: '33072000' },
  { name: 'glass cleaner', sizes: ['500 ml'], price: [1.6, 3.9], expiry: 1095, hs: '34053000' },
  { name: 'bin bags 35 l', sizes: ['30 pcs', '50 pcs'], price: [1.2, 3.5], hs: '39232100' },
  { name: 'kitchen sponges', sizes: ['5 pcs', '10 pcs'], price: [0.9, 2.9], hs: '39249000' },
  { name: 'tealight candles', sizes: ['10 pcs', '50 pcs'], price: [1.5, 6.9], hs: '34060000' },
  { name: 'cotton bath towel', sizes: ['50x90 cm', '70x140 cm'], price: [6.9, 19.9], hs: '63026000' },
  { name: 'LED bulb', sizes: ['E27 9 W', 'E14 5 W'], price: [1.9, 5.9], hs: '85395000' },
  { name: 'baby wipes', sizes: ['64 pcs', '3x64 pcs'], price: [1.5, 4.9], expiry: 540, hs: '34011900' },
  { name: 'linen napkins', sizes: ['4 pcs', '6 pcs'], price: [8.9, 24.9], hs: '63025390' },
];

export const BRANDS = {
  food: ['Daugava', 'Gauja', 'Zelta Druva', 'Laukos', 'Saules Lauks', 'Kurzemes', 'Rūjiena', 'Baltā Māja'],
  drinks: [
    'Nordic',
    'Baltic Star',
    'Tallinn Craft',
    'Riga Black',
    'Saare',
    'Viru Valley',
    'Nemunas',
    'Brīvzemnieks',
  ],
  home: ['Pure Home', 'Baltic Fresh', 'Linen & Co', 'Jūra', 'Mežs', 'Sniegs', 'Lūna', 'Kaija'],
} as const;

export const COUNTRIES = ['LV', 'LV', 'LV', 'LT', 'LT', 'EE', 'EE', 'PL', 'DE', 'FI', 'SE'] as const;

export const PARTY_CORES = [
  'Daugava',
  'Gauja',
  'Venta',
  'Lielupe',
  'Abava',
  'Salaca',
  'Nemunas',
  'Neris',
  'Emajõgi',
  'Pirita',
  'Kurzeme',
  'Vidzeme',
  'Latgale',
  'Zemgale',
  'Saule',
  'Zvaigzne',
  'Jūrmala',
  'Sigulda',
  'Cēsis',
  'Ozols',
  'Liepa',
  'Bērzs',
  'Priede',
  'Kalns',
  'Dzirnavas',
  'Tilts',
  'Aura',
  'Rasa',
  'Vilnis',
  'Ausma',
] as const;

export const PARTY_SUFFIXES = [
  'Trade',
  'Foods',
  'Logistics',
  'Distribution',
  'Import',
  'Group',
  'Partners',
  'Supply',
  'Wholesale',
  'Retail',
  'Market',
  'Serviss',
  'Baltic',
  'Nord',
] as const;

export const LEGAL_FORMS = { LV: 'SIA', LT: 'UAB', EE: 'OÜ' } as const;

export const STREETS = {
  LV: {
    streets: [
      'Brīvības iela',
      'Krasta iela',
      'Maskavas iela',
      'Kārļa Ulmaņa gatve',
      'Granīta iela',
      'Lielvārdes iela',
      'Rūpniecības iela',
    ],
    cities: ['Rīga', 'Jelgava', 'Daugavpils', 'Liepāja', 'Ventspils', 'Valmiera', 'Ķekava'],
    post: (n: number) => `LV-${1000 + (n % 4000)}`,
  },
  LT: {
    streets: ['Gedimino pr.', 'Savanorių pr.', 'Ukmergės g.', 'Vilkpėdės g.', 'Pramonės g.'],
    cities: ['Vilnius', 'Kaunas', 'Klaipėda', 'Šiauliai', 'Panevėžys'],
    post: (n: number) => `LT-${10000 + (n % 90000)}`,
  },
  EE: {
    streets: ['Pärnu mnt', 'Tartu mnt', 'Peterburi tee', 'Laki tn', 'Suur-Sõjamäe tn'],
    cities: ['Tallinn', 'Tartu', 'Pärnu', 'Narva', 'Rakvere'],
    post: (n: number) => `${10000 + (n % 90000)}`,
  },
} as const;

export const ADDRESS_KINDS = {
  vendor: ['Head office', 'Warehouse', 'Production site', 'Loading dock'],
  customer: ['Warehouse', 'Shop', 'Distribution centre', 'Office', 'Store'],
} as const;

export const ORDER_COMMENTS = [
  'Please double-check the quantities before sending.',
  'Pallets must be labelled with SSCC, as agreed.',
  'Can we move the delivery one day earlier?',
  'Supplier confirmed the truck for this order.',
  'The customer asked for delivery before noon.',
  'Price on line 2 updated according to the new price list.',
  'Some items may arrive on a second truck.',
  'Please keep the goods chilled during unloading.',
  'The driver will call 30 minutes before arrival.',
  'Invoice will follow separately.',
  'Short shelf life on the last batch — please ship it first.',
  'Added one more line at the customer’s request.',
  'Пожалуйста, подтвердите время доставки.',
  'Lūdzu, pārbaudiet pavadzīmi pirms nosūtīšanas.',
] as const;

export const TEMPLATE_COMMENTS = [
  'Weekly replenishment — copy and adjust the quantities.',
  'Standard assortment for new stores.',
  'Monthly order for the main customer.',
] as const;

export interface DiscussionPlan {
  visibility: 'broadcast' | 'normal' | 'private';
  name: string;
  comments: readonly string[];
}

export const COMPANY_DISCUSSIONS: readonly DiscussionPlan[] = [
  {
    visibility: 'broadcast',
    name: 'Warehouse working hours during the holidays',
    comments: [
      'The warehouse works from 8:00 to 14:00 on the days before public holidays and is closed on the holidays themselves.',
      'Orders that must leave before the holidays have to be ready two working days in advance.',
      'Does this apply to the Tallinn warehouse too?',
      'Yes, all four warehouses follow the same schedule.',
    ],
  },
  {
    visibility: 'broadcast',
    name: 'New pallet labelling requirements',
    comments: [
      'From next month every incoming pallet needs an SSCC label on two sides.',
      'Pallets without labels will be received with a delay and a handling fee.',
      'Please forward this to your suppliers.',
    ],
  },
  {
    visibility: 'normal',
    name: 'Inventory count in Riga North',
    comments: [
      'We plan a full inventory count in Riga North at the end of the month.',
      'Which SKUs will be blocked during the count?',
      'All SKUs stored in zone B, for one day.',
      'Noted, we will plan our sales orders around it.',
      'Счёт закончен, расхождений нет.',
    ],
  },
  {
    visibility: 'normal',
    name: 'Returns of damaged goods',
    comments: [
      'Damaged goods from customers are now returned to Riga Central only.',
      'Please mark return orders with the return flag so they are checked on arrival.',
      'Do we need photos of the damage?',
      'Photos help — attach them to the order discussion.',
    ],
  },
  {
    visibility: 'normal',
    name: 'Delivery slots for large orders',
    comments: [
      'Orders above 20 pallets need a booked delivery slot.',
      'How far in advance should we book?',
      'At least 48 hours before the delivery date.',
    ],
  },
  {
    visibility: 'private',
    name: 'Price list update',
    comments: [
      'New purchase prices apply from the 1st — I have updated the open drafts.',
      'Thanks. Were the templates updated as well?',
      'Not yet, I will do it tomorrow.',
    ],
  },
  {
    visibility: 'private',
    name: 'Access for a new colleague',
    comments: [
      'A new colleague starts on Monday and needs access to sales orders.',
      'I will create the account today; the password has to be changed at the first login.',
      'Paldies!',
    ],
  },
];

export const FAILURE_CODES = [
  'unknown_address',
  'external_code_used',
  'sku_not_registered',
  'no_capacity',
] as const satisfies readonly orders.FailureCode[];
