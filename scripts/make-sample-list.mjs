#!/usr/bin/env node
// Writes lists/sample/entities.json: the tamis sample screening list, 300+ FICTIONAL entities.
//
//   node scripts/make-sample-list.mjs          write the list
//   node scripts/make-sample-list.mjs --check  write nothing; exit 1 if the file is stale
//
// Deterministic: a seeded PRNG (mulberry32) composes the entities from the name-part tables below, so the output
// only changes when this script does. The name parts are common given names and surnames of each culture, with
// their native-script spellings; the combinations are invented. Nothing here describes a real person, company,
// vessel or aircraft, and no entry is taken from any real list (a test checks that no name or aka equals an OFAC
// SDN name or alias). Plain Node ESM, no dependencies.

import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { mulberry32 } from '../bench/synthetic.mjs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const OUT = join(ROOT, 'lists', 'sample', 'entities.json');
const SEED = 20260115;
const SOURCE = 'tamis-sample';
const SOURCE_NAME = 'tamis sample list (FICTIONAL entities, for demonstration and tests only)';
const UPDATED = '2026-01-15T00:00:00Z';

// ---------------------------------------------------------------- deterministic randomness
const rand = mulberry32(SEED);
const int = (lo, hi) => lo + Math.floor(rand() * (hi - lo + 1));
const pick = (xs) => xs[Math.floor(rand() * xs.length)];
const chance = (p) => rand() < p;
const pad = (n, w) => String(n).padStart(w, '0');

// ---------------------------------------------------------------- name-part tables: [latin, native script]
// Cultures: each has male/female given names, surnames, countries (ISO alpha-2), a name composer and a script name
// composer. Latin spellings follow common romanisations; alternative spellings give transliteration akas.
const CULTURES = {
  arabic: {
    countries: ['SA', 'AE', 'SY', 'IQ', 'YE', 'EG', 'LB', 'JO'],
    male: [['Khalid', 'خالد'], ['Omar', 'عمر'], ['Yusuf', 'يوسف'], ['Tariq', 'طارق'], ['Samir', 'سمير'], ['Faisal', 'فيصل'], ['Hamza', 'حمزة'], ['Nabil', 'نبيل'], ['Karim', 'كريم'], ['Mahmoud', 'محمود'], ['Walid', 'وليد'], ['Adnan', 'عدنان']],
    female: [['Layla', 'ليلى'], ['Huda', 'هدى'], ['Rania', 'رانيا'], ['Salma', 'سلمى'], ['Mariam', 'مريم'], ['Nour', 'نور'], ['Amal', 'أمل'], ['Dalia', 'داليا']],
    surnames: [['al-Rashidi', 'الراشدي'], ['Haddad', 'حداد'], ['al-Khatib', 'الخطيب'], ['Nasser', 'ناصر'], ['al-Amiri', 'العامري'], ['Mansour', 'منصور'], ['al-Tamimi', 'التميمي'], ['Saleh', 'صالح'], ['al-Qasimi', 'القاسمي'], ['Barakat', 'بركات'], ['al-Hashimi', 'الهاشمي'], ['Darwish', 'درويش']],
    variants: { Yusuf: ['Youssef', 'Yousif'], Omar: ['Umar'], Mahmoud: ['Mahmud'], Khalid: ['Khaled'], Hamza: ['Hamzah'], Mariam: ['Maryam'], Huda: ['Hoda'] },
    compose: (g, s, rest) => rest.father ? `${g[0]} bin ${rest.father[0]} ${s[0]}` : `${g[0]} ${s[0]}`,
    script: (g, s, rest) => rest.father ? `${g[1]} بن ${rest.father[1]} ${s[1]}` : `${g[1]} ${s[1]}`,
    scriptLocale: 'ar',
  },
  persian: {
    countries: ['IR', 'IR', 'AF'],
    male: [['Reza', 'رضا'], ['Dariush', 'داریوش'], ['Kourosh', 'کوروش'], ['Babak', 'بابک'], ['Farhad', 'فرهاد'], ['Mehdi', 'مهدی'], ['Arash', 'آرش'], ['Saeed', 'سعید'], ['Hamid', 'حمید']],
    female: [['Shirin', 'شیرین'], ['Parisa', 'پریسا'], ['Maryam', 'مریم'], ['Nasrin', 'نسرین'], ['Azadeh', 'آزاده'], ['Leila', 'لیلا']],
    surnames: [['Tehrani', 'تهرانی'], ['Moradi', 'مرادی'], ['Karimzadeh', 'کریم‌زاده'], ['Hosseini', 'حسینی'], ['Rahimi', 'رحیمی'], ['Farahani', 'فراهانی'], ['Jafari', 'جعفری'], ['Ghorbani', 'قربانی'], ['Sadeghi', 'صادقی'], ['Navabi', 'نوابی']],
    variants: { Saeed: ['Said', 'Saied'], Mehdi: ['Mahdi'], Dariush: ['Dariusz', 'Daryoush'], Kourosh: ['Kurosh'], Hosseini: ['Husseini'], Leila: ['Layla'] },
    compose: (g, s) => `${g[0]} ${s[0]}`,
    script: (g, s) => `${g[1]} ${s[1]}`,
    scriptLocale: 'fa',
  },
  russian: {
    countries: ['RU', 'RU', 'BY', 'KZ'],
    male: [['Dmitri', 'Дмитрий'], ['Sergei', 'Сергей'], ['Andrei', 'Андрей'], ['Nikolai', 'Николай'], ['Pavel', 'Павел'], ['Mikhail', 'Михаил'], ['Yevgeny', 'Евгений'], ['Oleg', 'Олег'], ['Vadim', 'Вадим'], ['Konstantin', 'Константин']],
    female: [['Yelena', 'Елена'], ['Tatiana', 'Татьяна'], ['Svetlana', 'Светлана'], ['Irina', 'Ирина'], ['Natalia', 'Наталья'], ['Olga', 'Ольга']],
    surnames: [['Sokolov', 'Соколов'], ['Lebedev', 'Лебедев'], ['Morozov', 'Морозов'], ['Volkov', 'Волков'], ['Zaitsev', 'Зайцев'], ['Belov', 'Белов'], ['Orlov', 'Орлов'], ['Kuznetsov', 'Кузнецов'], ['Gromov', 'Громов'], ['Tikhonov', 'Тихонов'], ['Komarov', 'Комаров']],
    patronymic: { Dmitri: ['Dmitrievich', 'Дмитриевич', 'Dmitrievna', 'Дмитриевна'], Sergei: ['Sergeyevich', 'Сергеевич', 'Sergeyevna', 'Сергеевна'], Andrei: ['Andreyevich', 'Андреевич', 'Andreyevna', 'Андреевна'], Nikolai: ['Nikolayevich', 'Николаевич', 'Nikolayevna', 'Николаевна'], Pavel: ['Pavlovich', 'Павлович', 'Pavlovna', 'Павловна'], Mikhail: ['Mikhailovich', 'Михайлович', 'Mikhailovna', 'Михайловна'], Oleg: ['Olegovich', 'Олегович', 'Olegovna', 'Олеговна'] },
    variants: { Dmitri: ['Dmitry', 'Dmitriy'], Sergei: ['Sergey'], Andrei: ['Andrey'], Yevgeny: ['Evgeny', 'Evgeniy'], Yelena: ['Elena'], Tatiana: ['Tatyana'], Natalia: ['Natalya'], Kuznetsov: ['Kouznetsov'] },
    compose: (g, s, rest) => [g[0], rest.patronymic?.[0], rest.female ? feminine(s[0]) : s[0]].filter(Boolean).join(' '),
    script: (g, s, rest) => [g[1], rest.patronymic?.[1], rest.female ? feminine(s[1]) : s[1]].filter(Boolean).join(' '),
    scriptLocale: 'ru',
  },
  ukrainian: {
    countries: ['UA'],
    male: [['Oleksandr', 'Олександр'], ['Mykola', 'Микола'], ['Taras', 'Тарас'], ['Bohdan', 'Богдан'], ['Yurii', 'Юрій'], ['Vasyl', 'Василь'], ['Ostap', 'Остап']],
    female: [['Oksana', 'Оксана'], ['Olena', 'Олена'], ['Halyna', 'Галина'], ['Iryna', 'Ірина'], ['Solomiia', 'Соломія']],
    surnames: [['Kovalenko', 'Коваленко'], ['Shevchuk', 'Шевчук'], ['Bondarenko', 'Бондаренко'], ['Tkachenko', 'Ткаченко'], ['Melnyk', 'Мельник'], ['Kravets', 'Кравець'], ['Savchuk', 'Савчук'], ['Hnatiuk', 'Гнатюк']],
    variants: { Oleksandr: ['Aleksandr', 'Alexander'], Mykola: ['Nikolai'], Yurii: ['Yuriy', 'Yuri'], Halyna: ['Galina'], Hnatiuk: ['Gnatyuk'] },
    compose: (g, s) => `${g[0]} ${s[0]}`,
    script: (g, s) => `${g[1]} ${s[1]}`,
    scriptLocale: 'uk',
  },
  chinese: {
    countries: ['CN', 'CN', 'HK', 'SG', 'TW'],
    male: [['Wei', '伟'], ['Jianguo', '建国'], ['Hao', '浩'], ['Zhiqiang', '志强'], ['Junjie', '俊杰'], ['Lei', '磊'], ['Xiaoming', '晓明'], ['Guoping', '国平']],
    female: [['Mei', '梅'], ['Xiuying', '秀英'], ['Li Na', '丽娜'], ['Yan', '燕'], ['Jing', '静'], ['Xiaohong', '晓红']],
    surnames: [['Wang', '王'], ['Zhang', '张'], ['Liu', '刘'], ['Chen', '陈'], ['Huang', '黄'], ['Zhou', '周'], ['Xu', '徐'], ['Guo', '郭'], ['Lin', '林'], ['Tang', '唐']],
    variants: { Chen: ['Chan'], Huang: ['Wong'], Zhou: ['Chow'], Xu: ['Hsu'], Guo: ['Kwok'], Lin: ['Lam'] },
    surnameFirst: true,
    compose: (g, s) => `${s[0]} ${g[0]}`,
    script: (g, s) => `${s[1]}${g[1]}`,
    scriptLocale: 'zh',
  },
  korean: {
    countries: ['KR', 'KP'],
    male: [['Min-jun', '민준'], ['Seung-ho', '승호'], ['Dong-hyun', '동현'], ['Jae-won', '재원'], ['Sung-min', '성민'], ['Chol-ho', '철호']],
    female: [['Ji-yeon', '지연'], ['Soo-ah', '수아'], ['Hye-jin', '혜진'], ['Eun-ji', '은지'], ['Myong-hui', '명희']],
    surnames: [['Kim', '김'], ['Park', '박'], ['Choi', '최'], ['Jung', '정'], ['Kang', '강'], ['Yoon', '윤'], ['Ri', '리'], ['Han', '한']],
    variants: { Park: ['Pak', 'Bak'], Choi: ['Choe'], Jung: ['Jeong', 'Chong'], Yoon: ['Yun'], Ri: ['Lee', 'Yi'] },
    surnameFirst: true,
    compose: (g, s) => `${s[0]} ${g[0]}`,
    script: (g, s) => `${s[1]}${g[1]}`,
    scriptLocale: 'ko',
  },
  japanese: {
    countries: ['JP'],
    male: [['Haruto', '陽斗'], ['Kenji', '健二'], ['Takeshi', '武'], ['Hiroshi', '浩'], ['Daisuke', '大輔'], ['Ryo', '涼']],
    female: [['Yuki', '由紀'], ['Aiko', '愛子'], ['Naomi', '直美'], ['Sakura', 'さくら'], ['Emi', '恵美']],
    surnames: [['Tanaka', '田中'], ['Nakamura', '中村'], ['Yamamoto', '山本'], ['Kobayashi', '小林'], ['Matsuda', '松田'], ['Fujiwara', '藤原'], ['Ishikawa', '石川'], ['Okada', '岡田']],
    variants: { Ryo: ['Ryou'], Daisuke: ['Daiske'] },
    compose: (g, s) => `${g[0]} ${s[0]}`,
    script: (g, s) => `${s[1]}${g[1]}`,
    scriptLocale: 'ja',
  },
  hispanic: {
    countries: ['MX', 'CO', 'VE', 'ES', 'AR', 'PE'],
    male: [['José Luis', null], ['Alejandro', null], ['Carlos', null], ['Javier', null], ['Miguel Ángel', null], ['Fernando', null], ['Ricardo', null], ['Andrés', null]],
    female: [['María Fernanda', null], ['Guadalupe', null], ['Lucía', null], ['Carmen', null], ['Valentina', null], ['Isabel', null]],
    surnames: [['Ramírez', null], ['Castillo', null], ['Herrera', null], ['Mendoza', null], ['Vargas', null], ['Ortega', null], ['Salazar', null], ['Quintero', null], ['Navarro', null], ['Cárdenas', null], ['Ibarra', null]],
    variants: { 'José Luis': ['Jose Luis'], 'Miguel Ángel': ['Miguel Angel'], Ramírez: ['Ramirez'], Cárdenas: ['Cardenas'] },
    compose: (g, s, rest) => `${g[0]} ${s[0]} ${rest.second[0]}`,
    script: null,
  },
  african: {
    countries: ['NG', 'KE', 'GH', 'ZA', 'ET', 'SN', 'CD', 'UG'],
    male: [['Chukwuemeka', null], ['Oluwaseun', null], ['Kwame', null], ['Tendai', null], ['Mamadou', null], ['Abebe', null], ['Sipho', null], ['Babajide', null], ['Jean-Pierre', null]],
    female: [['Ngozi', null], ['Amara', null], ['Wanjiru', null], ['Fatoumata', null], ['Thandiwe', null], ['Adaeze', null], ['Makeda', null]],
    surnames: [['Okonkwo', null], ['Adeyemi', null], ['Mensah', null], ['Kamau', null], ['Diallo', null], ['Tesfaye', null], ['Ndlovu', null], ['Odhiambo', null], ['Mbeki-Sontane', null], ['Kabongo', null], ['Ssempala', null]],
    variants: { Mamadou: ['Mamadu'], Diallo: ['Jallow'], Tesfaye: ['Tesfay'] },
    compose: (g, s) => `${g[0]} ${s[0]}`,
    script: null,
  },
  european: {
    countries: ['DE', 'FR', 'IT', 'PL', 'GB', 'NL', 'RS', 'GR'],
    male: [['Johannes', null], ['Pierre-Louis', null], ['Giovanni', null], ['Krzysztof', null], ['Edward', null], ['Pieter', null], ['Dragan', null], ['Konstantinos', null]],
    female: [['Annelie', null], ['Margaux', null], ['Francesca', null], ['Agnieszka', null], ['Harriet', null], ['Jelena', null], ['Eleni', null]],
    surnames: [['Brandstätter', null], ['Lefebvre', null], ['Santoro', null], ['Wiśniewski', null], ['Ashworth', null], ['van der Berg', null], ['Petrović', null], ['Papadakis', null], ['de la Fontaine', null], ['Schüller', null]],
    variants: { Brandstätter: ['Brandstaetter'], Wiśniewski: ['Wisniewski'], Petrović: ['Petrovic'], Schüller: ['Schueller'], 'van der Berg': ['Vandenberg'] },
    compose: (g, s) => `${g[0]} ${s[0]}`,
    script: null,
  },
  southAsian: {
    countries: ['IN', 'PK', 'BD', 'LK', 'NP'],
    male: [['Rajesh', 'राजेश'], ['Imran', 'عمران'], ['Arjun', 'अर्जुन'], ['Tanvir', null], ['Suresh', 'सुरेश'], ['Asif', 'آصف'], ['Vikram', 'विक्रम']],
    female: [['Priya', 'प्रिया'], ['Ayesha', 'عائشہ'], ['Sunita', 'सुनीता'], ['Nusrat', null], ['Kavitha', null]],
    surnames: [['Sharma', 'शर्मा'], ['Qureshi', 'قریشی'], ['Chowdhury', null], ['Patel', 'पटेल'], ['Iyer', null], ['Malik', 'ملک'], ['Perera', null], ['Bhattarai', 'भट्टराई'], ['Verma', 'वर्मा'], ['Joshi', 'जोशी']],
    variants: { Chowdhury: ['Choudhury', 'Chaudhry'], Qureshi: ['Quraishi'], Ayesha: ['Aisha'] },
    compose: (g, s) => `${g[0]} ${s[0]}`,
    // Only when both parts are in the same script (Devanagari for Hindi/Nepali names, Arabic script for Urdu names).
    script: (g, s) => (g[1] && s[1] && /\p{Script=Devanagari}/u.test(g[1]) === /\p{Script=Devanagari}/u.test(s[1]) ? `${g[1]} ${s[1]}` : null),
    scriptLocale: 'hi',
  },
  turkish: {
    countries: ['TR', 'AZ', 'CY'],
    male: [['Mehmet', null], ['Emre', null], ['Burak', null], ['Oğuz', null], ['Serkan', null]],
    female: [['Elif', null], ['Zeynep', null], ['Gülşen', null], ['Derya', null]],
    surnames: [['Yıldırım', null], ['Aydın', null], ['Korkmaz', null], ['Şahin', null], ['Erdem', null], ['Kaplan', null]],
    variants: { Yıldırım: ['Yildirim'], Aydın: ['Aydin'], Şahin: ['Sahin'], Oğuz: ['Oguz'], Gülşen: ['Gulsen'] },
    compose: (g, s) => `${g[0]} ${s[0]}`,
    script: null,
  },
};

function feminine(surname) {
  // Russian surnames in -ov/-ev/-in take -a for women (Sokolov -> Sokolova, Соколов -> Соколова).
  return /(ov|ev|in|ов|ев|ин)$/.test(surname) ? `${surname}a` : surname;
}

const COUNTRY_NAMES = {
  SA: 'Saudi Arabia', AE: 'United Arab Emirates', SY: 'Syria', IQ: 'Iraq', YE: 'Yemen', EG: 'Egypt', LB: 'Lebanon', JO: 'Jordan',
  IR: 'Iran', AF: 'Afghanistan', RU: 'Russia', BY: 'Belarus', KZ: 'Kazakhstan', UA: 'Ukraine', CN: 'China', HK: 'Hong Kong',
  SG: 'Singapore', TW: 'Taiwan', KR: 'Korea, South', KP: 'Korea, North', JP: 'Japan', MX: 'Mexico', CO: 'Colombia',
  VE: 'Venezuela', ES: 'Spain', AR: 'Argentina', PE: 'Peru', NG: 'Nigeria', KE: 'Kenya', GH: 'Ghana', ZA: 'South Africa',
  ET: 'Ethiopia', SN: 'Senegal', CD: 'Congo, Democratic Republic of the', UG: 'Uganda', DE: 'Germany', FR: 'France',
  IT: 'Italy', PL: 'Poland', GB: 'United Kingdom', NL: 'Netherlands', RS: 'Serbia', GR: 'Greece', IN: 'India',
  PK: 'Pakistan', BD: 'Bangladesh', LK: 'Sri Lanka', NP: 'Nepal', TR: 'Turkey', AZ: 'Azerbaijan', CY: 'Cyprus',
  PA: 'Panama', MT: 'Malta', LR: 'Liberia', MH: 'Marshall Islands', KM: 'Comoros', TG: 'Togo', CH: 'Switzerland',
  VG: 'Virgin Islands, British', CU: 'Cuba', MM: 'Burma', BR: 'Brazil',
};

const CITIES = {
  SA: 'Riyadh', AE: 'Dubai', SY: 'Aleppo', IQ: 'Basra', YE: 'Aden', EG: 'Alexandria', LB: 'Tripoli', JO: 'Irbid', IR: 'Isfahan',
  AF: 'Herat', RU: 'Yekaterinburg', BY: 'Gomel', KZ: 'Almaty', UA: 'Dnipro', CN: 'Shenzhen', HK: 'Kowloon', SG: 'Singapore',
  TW: 'Kaohsiung', KR: 'Busan', KP: 'Nampo', JP: 'Osaka', MX: 'Monterrey', CO: 'Barranquilla', VE: 'Maracaibo', ES: 'Valencia',
  AR: 'Rosario', PE: 'Arequipa', NG: 'Enugu', KE: 'Mombasa', GH: 'Kumasi', ZA: 'Durban', ET: 'Bahir Dar', SN: 'Thiès',
  CD: 'Lubumbashi', UG: 'Gulu', DE: 'Leipzig', FR: 'Lyon', IT: 'Bari', PL: 'Gdańsk', GB: 'Leeds', NL: 'Utrecht', RS: 'Niš',
  GR: 'Patras', IN: 'Pune', PK: 'Multan', BD: 'Chittagong', LK: 'Kandy', NP: 'Pokhara', TR: 'İzmir', AZ: 'Ganja', CY: 'Limassol',
};

// ---------------------------------------------------------------- list types and their flavour
const PEP_POSITIONS = {
  1: ['Minister of Finance', 'Deputy Prime Minister', 'Member of the National Assembly', 'Head of State', 'Governor of the Central Bank', 'Minister of Energy'],
  2: ['Regional Governor', 'Ambassador', 'Justice of the Supreme Court', 'Major General, Armed Forces', 'Deputy Minister of Trade'],
  3: ['Board member of a state-owned enterprise', 'Chief executive of a state-owned bank', 'Director of a national port authority'],
  4: ['Mayor', 'Municipal councillor', 'Head of a district administration'],
};

const ADVERSE_MEDIA = [
  ['adverse-media-financial-crime', 'money laundering'],
  ['adverse-media-fraud', 'investment fraud'],
  ['adverse-media-narcotics', 'drug trafficking'],
  ['adverse-media-violent-crime', 'armed robbery'],
  ['adverse-media-terrorism', 'financing of terrorism'],
  ['adverse-media-sexual-crime', 'sexual exploitation'],
  ['adverse-media-general', 'tax evasion'],
  ['adverse-media-v2-cybercrime', 'ransomware attacks'],
  ['adverse-media-v2-property', 'illegal land seizure'],
  ['adverse-media-v2-regulatory', 'breaches of banking regulations'],
];

const PROGRAMS = ['SAMPLE-TERROR', 'SAMPLE-PROLIFERATION', 'SAMPLE-NARCOTICS', 'SAMPLE-CYBER', 'SAMPLE-HUMAN-RIGHTS', 'SAMPLE-CORRUPTION'];

/** A list profile: the `types` and the extra facts that go with them. */
function listProfile(kind) {
  switch (kind) {
    case 'sanction':
      return { types: ['sanction'], program: pick(PROGRAMS) };
    case 'sanction+media': {
      const [t, topic] = pick(ADVERSE_MEDIA);
      return { types: ['sanction', 'adverse-media', t], program: pick(PROGRAMS), topic };
    }
    case 'warning':
      return { types: ['warning'], warning: pick(['Wanted by national police', 'Regulator warning: unauthorised firm', 'Interpol-style notice (sample)']) };
    case 'fitness-probity':
      return { types: ['fitness-probity'], warning: pick(['Disqualified company director', 'Barred from the financial services industry']) };
    case 'pep': {
      const cls = pick([1, 1, 2, 2, 3, 3, 4, 4]);
      return { types: ['pep', `pep-class-${cls}`], position: pick(PEP_POSITIONS[cls]) };
    }
    case 'pep+media': {
      const cls = pick([1, 2]);
      const [t, topic] = pick(ADVERSE_MEDIA);
      return { types: ['pep', `pep-class-${cls}`, 'adverse-media', t], position: pick(PEP_POSITIONS[cls]), topic };
    }
    case 'media': {
      const [t, topic] = pick(ADVERSE_MEDIA);
      return { types: ['adverse-media', t], topic };
    }
    default:
      throw new Error(kind);
  }
}
const PERSON_KINDS = ['sanction', 'sanction', 'sanction', 'pep', 'pep', 'pep', 'media', 'media', 'warning', 'fitness-probity', 'sanction+media', 'pep+media'];
const COMPANY_KINDS = ['sanction', 'sanction', 'media', 'media', 'warning', 'sanction+media', 'fitness-probity'];

// ---------------------------------------------------------------- builders
let seq = 0;
const usedNames = new Set();
const nextId = () => `${SOURCE}-${pad(++seq, 4)}`;

function countryFields(codes, label) {
  const out = [];
  for (const c of codes) out.push({ name: label, value: COUNTRY_NAMES[c], tag: 'country_names', source: SOURCE });
  for (const c of codes) out.push({ name: 'Country Code', value: c, tag: 'country_codes', source: SOURCE });
  return out;
}

function mediaItems(name, topic, year) {
  const n = int(1, 2);
  const out = [];
  for (let i = 0; i < n; i++) {
    const y = year + i;
    const slug = name.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
    out.push({
      date: `${y}-${pad(int(1, 12), 2)}-${pad(int(1, 28), 2)}`,
      title: `FICTIONAL: ${name} named in ${topic} inquiry`,
      snippet: `Sample article text. Investigators in a fictional case allege that ${name} was involved in ${topic}.`,
      url: `https://example.org/tamis-sample/${y}/${slug}-${i + 1}`,
    });
  }
  return out;
}

function finish(entity, profile, codes, extraFields) {
  const fields = [...extraFields];
  if (profile.program) fields.push({ name: 'Program', value: profile.program, source: SOURCE });
  if (profile.position) fields.push({ name: 'Position', value: profile.position, source: SOURCE });
  if (profile.warning) fields.push({ name: 'Reason', value: profile.warning, source: SOURCE });
  fields.push(...countryFields(codes, entity.entity_type === 'person' ? 'Nationality' : entity.entity_type === 'vessel' ? 'Vessel Flag' : 'Country'));
  const listedYear = int(2005, 2025);
  const out = {
    id: entity.id,
    entity_type: entity.entity_type,
    last_updated_utc: UPDATED,
    name: entity.name,
    ...(entity.first_name ? { first_name: entity.first_name } : {}),
    ...(entity.middle_name ? { middle_name: entity.middle_name } : {}),
    ...(entity.last_name ? { last_name: entity.last_name } : {}),
    sources: [SOURCE],
    types: profile.types,
    ...(entity.aka.length > 0 ? { aka: entity.aka } : {}),
    ...(entity.associates?.length ? { associates: entity.associates } : {}),
    fields,
    ...(profile.topic ? { media: mediaItems(entity.name, profile.topic, int(2012, 2024)) } : {}),
    source_notes: {
      [SOURCE]: {
        aml_types: profile.types,
        country_codes: codes,
        name: SOURCE_NAME,
        listing_started_utc: `${listedYear}-${pad(int(1, 12), 2)}-${pad(int(1, 28), 2)}T00:00:00Z`,
        source_id: SOURCE,
      },
    },
  };
  return out;
}

function makePerson(cultureName) {
  const c = CULTURES[cultureName];
  for (let attempt = 0; attempt < 50; attempt++) {
    const female = chance(0.4);
    const g = pick(female ? c.female : c.male);
    const s = pick(c.surnames);
    const rest = { female };
    if (cultureName === 'arabic' && chance(0.5)) rest.father = pick(c.male);
    if (cultureName === 'russian' && chance(0.7)) {
      const fatherName = pick(Object.keys(c.patronymic));
      const p = c.patronymic[fatherName];
      rest.patronymic = female ? [p[2], p[3]] : [p[0], p[1]];
    }
    if (cultureName === 'hispanic') {
      rest.second = pick(c.surnames.filter((x) => x !== s));
    }
    const name = c.compose(g, s, rest);
    if (usedNames.has(name)) continue;
    usedNames.add(name);

    const aka = [];
    // Transliteration variants of the given name or surname.
    const gv = c.variants[g[0]];
    const sv = c.variants[s[0]];
    if (gv && chance(0.8)) aka.push({ name: c.compose([pick(gv), g[1]], s, rest), type: 'aka' });
    if (sv && chance(0.7)) aka.push({ name: c.compose(g, [pick(sv), s[1]], rest), type: 'aka' });
    // Native-script spelling.
    if (c.script) {
      const script = c.script(g, s, rest);
      if (script && chance(0.75)) aka.push({ name: script, type: 'aka' });
    }
    // A Western-order spelling for surname-first cultures.
    if (c.surnameFirst && chance(0.5)) aka.push({ name: `${g[0]} ${s[0]}`, type: 'aka' });
    // Hispanic: first surname only.
    if (cultureName === 'hispanic' && chance(0.6)) aka.push({ name: `${g[0]} ${s[0]}`, type: 'aka' });
    // A nickname / low-quality alias now and then.
    if (chance(0.15)) aka.push({ name: `${s[0].split(/[ -]/).pop()} the ${pick(['Broker', 'Engineer', 'Accountant', 'Courier', 'Captain'])}`, type: 'low-quality aka' });

    const kind = pick(PERSON_KINDS);
    const profile = listProfile(kind);
    const code = pick(c.countries);
    const codes = chance(0.2) ? [code, pick(Object.keys(CITIES).filter((x) => x !== code))] : [code];
    const fields = [];
    const year = int(1942, 1998);
    const exact = chance(0.6);
    fields.push({ name: 'Date of Birth', value: exact ? `${year}-${pad(int(1, 12), 2)}-${pad(int(1, 28), 2)}` : String(year), tag: 'date_of_birth', source: SOURCE });
    if (!exact && chance(0.3)) fields.push({ name: 'Date of Birth', value: String(year + 1), tag: 'date_of_birth', source: SOURCE });
    if (chance(0.6)) fields.push({ name: 'Place of Birth', value: `${CITIES[code]}, ${COUNTRY_NAMES[code]}`, tag: 'place_of_birth', source: SOURCE });
    fields.push({ name: 'Gender', value: female ? 'Female' : 'Male', source: SOURCE });
    if (year < 1965 && chance(0.25)) {
      fields.push({ name: 'Date of Death', value: `${int(2015, 2025)}-${pad(int(1, 12), 2)}-${pad(int(1, 28), 2)}`, tag: 'date_of_death', source: SOURCE });
    }
    const parts = c.surnameFirst
      ? { first_name: g[0], last_name: s[0] }
      : cultureName === 'hispanic'
        ? { first_name: g[0], last_name: `${s[0]} ${rest.second[0]}` }
        : { first_name: g[0], ...(rest.patronymic ? { middle_name: rest.patronymic[0] } : {}), last_name: rest.female && cultureName === 'russian' ? feminine(s[0]) : s[0] };
    return finish({ id: nextId(), entity_type: 'person', name, ...parts, aka }, profile, codes, fields);
  }
  throw new Error(`could not find a fresh ${cultureName} name`);
}

// Companies and organisations: [words, legal suffix, native-script form builder] by country.
const COMPANY_WORDS = ['Amber', 'Northgate', 'Silverline', 'Crescent', 'Blue Meridian', 'Eastwind', 'Golden Delta', 'Falcon Ridge', 'Horizon', 'Redwood', 'Summit Bay', 'Lotus Gate', 'Iron Harbor', 'Cedar Point', 'Orion', 'Sapphire Coast', 'Nile Star', 'Steppe', 'Jade River', 'Copper Hill'];
const COMPANY_TRADES = ['Trading', 'Logistics', 'Petrochemicals', 'Shipping', 'Holdings', 'Machinery', 'Exchange', 'Import Export', 'Mining', 'Technologies', 'Construction', 'Capital'];
const COMPANY_FORMS = {
  RU: (n) => [`OOO ${n}`, `ООО «${n}»`], AE: (n) => [`${n} FZE`, null], CN: (n) => [`${n} Co., Ltd.`, `${n}有限公司`], HK: (n) => [`${n} Limited`, null],
  DE: (n) => [`${n} GmbH`, null], GB: (n) => [`${n} Ltd`, null], MX: (n) => [`${n}, S.A. de C.V.`, null], IR: (n) => [`${n} Company`, null],
  TR: (n) => [`${n} A.Ş.`, null], IN: (n) => [`${n} Private Limited`, null], PA: (n) => [`${n} Inc.`, null], CY: (n) => [`${n} Ltd`, null],
  VG: (n) => [`${n} Corp.`, null], KP: (n) => [`${n} Corporation`, null], SY: (n) => [`${n} LLC`, null], NG: (n) => [`${n} Nigeria Limited`, null],
};
const RU_TRANSLATED = { Trading: 'Торговый дом', Logistics: 'Логистика', Shipping: 'Судоходство', Holdings: 'Холдинг', Machinery: 'Машиностроение', Exchange: 'Биржа', 'Import Export': 'Импорт-Экспорт', Mining: 'Горнодобыча', Technologies: 'Технологии', Construction: 'Строй', Capital: 'Капитал', Petrochemicals: 'Нефтехим' };

function makeCompany() {
  for (let attempt = 0; attempt < 50; attempt++) {
    const code = pick(Object.keys(COMPANY_FORMS));
    const base = `${pick(COMPANY_WORDS)} ${pick(COMPANY_TRADES)}`;
    const [name, native] = COMPANY_FORMS[code](base);
    if (usedNames.has(name)) continue;
    usedNames.add(name);
    const aka = [];
    if (native) aka.push({ name: code === 'RU' ? `ООО «${base.split(' ')[0]} ${RU_TRANSLATED[base.split(' ').slice(-1)[0]] ?? ''}»`.replace(' »', '»') : native, type: 'aka' });
    if (chance(0.4)) aka.push({ name: base.split(' ').map((w) => w[0]).join('').toUpperCase() + ' ' + base.split(' ').slice(-1)[0], type: 'aka' });
    if (chance(0.3)) aka.push({ name: `${pick(COMPANY_WORDS)} ${base.split(' ').slice(-1)[0]} Group`, type: 'fka' });
    const profile = listProfile(pick(COMPANY_KINDS));
    const fields = [
      { name: 'Registration Number', value: `SAMPLE-${code}-${pad(int(1, 999999), 6)}`, source: SOURCE },
      { name: 'Address', value: `${int(1, 240)} ${pick(['Harbour Road', 'Industrial Avenue', 'Free Zone Block C', 'Central Street', 'Tower 2, Business Bay'])}, ${CITIES[code] ?? 'Panama City'}, ${COUNTRY_NAMES[code]}`, source: SOURCE },
    ];
    return finish({ id: nextId(), entity_type: 'company', name, aka }, profile, [code], fields);
  }
  throw new Error('no fresh company name');
}

const ORG_PATTERNS = [
  ['{w} Relief Foundation', 'sanction'], ['{w} Liberation Front', 'sanction'], ['{w} Brigade', 'sanction'], ['{w} Martyrs Battalion', 'sanction'],
  ['{w} Charitable Society', 'sanction+media'], ['{w} Cartel', 'sanction+media'], ['{w} Hacker Collective', 'sanction'], ['{w} Solidarity Network', 'warning'],
  ['{w} Ministry of Defence Procurement Office', 'sanction'], ['{w} Revolutionary Guard Cooperative', 'sanction'], ['{w} Youth Movement', 'media'], ['{w} Brotherhood', 'sanction'],
];
const ORG_WORDS = [['Red Crescent Valley', 'SY'], ['Northern Dawn', 'UA'], ['Sahel Horizon', 'ML'], ['Eastern Mountains', 'AF'], ['Coastal', 'YE'], ['Golden Triangle', 'MM'], ['Andean', 'CO'], ['Pacific Rim', 'KP'], ['Black Sands', 'LY'], ['Green Delta', 'NG'], ['Silver Lake', 'BY'], ['Highland', 'ET'], ['Great Lakes', 'CD'], ['Southern Cross', 'VE']];
Object.assign(COUNTRY_NAMES, { ML: 'Mali', LY: 'Libya' });
Object.assign(CITIES, { ML: 'Mopti', LY: 'Misrata', MM: 'Mandalay' });
const ORG_NATIVE = { SY: (w) => `مؤسسة ${w}`, YE: (w) => `جمعية ${w}`, AF: (w) => `جبهه ${w}`, UA: (w) => `Рух «${w}»`, BY: (w) => `Рух «${w}»`, KP: (w) => `${w} 협회` };

function makeOrganisation() {
  for (let attempt = 0; attempt < 80; attempt++) {
    const [pattern, kind] = pick(ORG_PATTERNS);
    const [w, code] = pick(ORG_WORDS);
    const name = pattern.replace('{w}', w);
    if (usedNames.has(name)) continue;
    usedNames.add(name);
    const aka = [];
    const initials = name.split(/\s+/).map((x) => x[0]).join('').toUpperCase();
    if (initials.length >= 4) aka.push({ name: initials, type: 'aka' });
    const native = ORG_NATIVE[code];
    if (native && chance(0.7)) aka.push({ name: native(w), type: 'aka' });
    const profile = listProfile(kind);
    const fields = [];
    if (chance(0.5)) fields.push({ name: 'Address', value: `${CITIES[code] ?? 'unknown city'}, ${COUNTRY_NAMES[code]}`, source: SOURCE });
    const e = finish({ id: nextId(), entity_type: 'organisation', name, aka }, profile, [code], fields);
    return e;
  }
  throw new Error('no fresh organisation name');
}

const VESSEL_WORDS = ['Aurora', 'Dolphin', 'Northern Light', 'Gulf Pearl', 'Tranquil', 'Sea Falcon', 'Marlin', 'Coral Queen', 'Ocean Pride', 'Silver Tide', 'Red Lotus', 'Jasmine', 'Star of Aden', 'Baltic Trader', 'Golden Reef', 'Kestrel', 'Amber Wave', 'Morning Glory', 'Sirius', 'Blue Heron'];
const VESSEL_TYPES = ['Crude Oil Tanker', 'Bulk Carrier', 'General Cargo', 'Container Ship', 'Chemical Tanker', 'LPG Tanker', 'Fishing Vessel'];
const FLAGS = ['PA', 'MT', 'LR', 'MH', 'KM', 'TG', 'KP', 'IR', 'CM'];
Object.assign(COUNTRY_NAMES, { CM: 'Cameroon' });

/** An IMO number with a valid check digit (7 digits; the last is the weighted sum mod 10). Fictional ships. */
function imo() {
  const d = [int(8, 9), int(0, 9), int(0, 9), int(0, 9), int(0, 9), int(0, 9)];
  const check = d.reduce((s, x, i) => s + x * (7 - i), 0) % 10;
  return `${d.join('')}${check}`;
}

function makeVessel() {
  for (let attempt = 0; attempt < 80; attempt++) {
    const name = `${pick(VESSEL_WORDS).toUpperCase()}${chance(0.4) ? ` ${int(1, 9)}` : ''}`;
    if (usedNames.has(name)) continue;
    usedNames.add(name);
    const aka = [];
    if (chance(0.6)) aka.push({ name: pick(VESSEL_WORDS).toUpperCase(), type: 'fka' });
    if (chance(0.3)) aka.push({ name: `${pick(VESSEL_WORDS).toUpperCase()} II`, type: 'fka' });
    const flag = pick(FLAGS);
    const profile = listProfile(chance(0.85) ? 'sanction' : 'warning');
    const fields = [
      { name: 'IMO Number', value: imo(), source: SOURCE },
      { name: 'Vessel Type', value: pick(VESSEL_TYPES), source: SOURCE },
      { name: 'Gross Registered Tonnage', value: String(int(800, 160000)), source: SOURCE },
      { name: 'Call Sign', value: `SMP${int(100, 999)}`, source: SOURCE },
    ];
    return finish({ id: nextId(), entity_type: 'vessel', name, aka }, profile, [flag], fields);
  }
  throw new Error('no fresh vessel name');
}

const AIRCRAFT_MODELS = ['Ilyushin Il-76TD', 'Airbus A310-300', 'Boeing 747-200F', 'Antonov An-12', 'Boeing 737-300', 'Tupolev Tu-204', 'Embraer ERJ-145', 'Gulfstream G450'];
function makeAircraft() {
  for (let attempt = 0; attempt < 80; attempt++) {
    // Registration marks with a ZZ- prefix, which no country uses: clearly fictional.
    const reg = `ZZ-${String.fromCharCode(65 + int(0, 25), 65 + int(0, 25), 65 + int(0, 25))}`;
    if (usedNames.has(reg)) continue;
    usedNames.add(reg);
    const code = pick(['IR', 'SY', 'RU', 'VE', 'KP', 'AE']);
    const profile = listProfile('sanction');
    const fields = [
      { name: 'Aircraft Model', value: pick(AIRCRAFT_MODELS), source: SOURCE },
      { name: 'Serial Number', value: `SMP-${int(10000, 99999)}`, source: SOURCE },
      { name: 'Aircraft Operator', value: `${pick(COMPANY_WORDS)} Air`, source: SOURCE },
    ];
    return finish({ id: nextId(), entity_type: 'aircraft', name: reg, aka: [] }, profile, [code], fields);
  }
  throw new Error('no fresh aircraft');
}

// ---------------------------------------------------------------- the list
function build() {
  const entities = [];
  const plan = [
    ['arabic', 26], ['persian', 20], ['russian', 24], ['ukrainian', 14], ['chinese', 20], ['korean', 16], ['japanese', 12],
    ['hispanic', 24], ['african', 24], ['european', 20], ['southAsian', 18], ['turkish', 10],
  ];
  for (const [culture, n] of plan) for (let i = 0; i < n; i++) entities.push(makePerson(culture));
  for (let i = 0; i < 40; i++) entities.push(makeCompany());
  for (let i = 0; i < 24; i++) entities.push(makeOrganisation());
  for (let i = 0; i < 20; i++) entities.push(makeVessel());
  for (let i = 0; i < 12; i++) entities.push(makeAircraft());
  // A few associates between people and organisations, for the associates field.
  const people = entities.filter((e) => e.entity_type === 'person' && e.types.includes('sanction'));
  const orgs = entities.filter((e) => e.entity_type !== 'person' && e.types.includes('sanction'));
  for (let i = 0; i < 30 && i < people.length; i++) {
    const p = people[i * 3 % people.length];
    const o = pick(orgs);
    p.associates = [...(p.associates ?? []), { name: o.name, association: pick(['Linked To', 'Director of', 'Financier of', 'Owner of']) }];
  }
  // Put associates before fields (the spec's field order) for readability.
  return entities.map((e) => {
    const { associates, ...rest } = e;
    if (!associates) return e;
    const out = {};
    for (const [k, v] of Object.entries(rest)) {
      if (k === 'fields') out.associates = associates;
      out[k] = v;
    }
    return out;
  });
}

export function render() {
  const entities = build();
  return `[\n${entities.map((e) => JSON.stringify(e)).join(',\n')}\n]\n`;
}

const isMain = process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1];
if (isMain) {
  const want = render();
  if (process.argv.includes('--check')) {
    const have = existsSync(OUT) ? readFileSync(OUT, 'utf8') : '';
    if (have !== want) {
      console.error('lists/sample/entities.json is stale: run node scripts/make-sample-list.mjs');
      process.exit(1);
    }
    console.error('lists/sample/entities.json is current');
  } else {
    writeFileSync(OUT, want);
    console.error(`wrote lists/sample/entities.json (${want.length} bytes)`);
  }
}
