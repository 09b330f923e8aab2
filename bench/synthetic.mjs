// @ts-check
/**
 * Seeded generator of realistic synthetic screening lists and of a fixed query mix, for the benchmarks
 * (`bench/run.mjs`) and the index/brute-force parity test. Plain ESM, no dependencies, deterministic: the same
 * `(count, seed)` always gives the same entities, and the same `(entities, seed)` the same queries.
 *
 * Names are composed from real name-part distributions of several cultures (Anglo, Hispanic, Arabic,
 * Russian/Slavic, Chinese, Korean, Japanese, South Asian, African, Persian, German/French/Italian), picked with a
 * Zipf-like weighting so the first parts of each pool are common, plus a long tail of culture-shaped invented
 * surnames (so the vocabulary grows with the list like a real one). About 20% of entities are companies or
 * organisations and about 1% vessels. Entities get 0-3 akas (spelling and transliteration variants, reordered
 * names, dropped middle names, unrelated aliases), birth years, countries (`fields` tagged `country_codes`) and
 * list types (sanction, pep-class-N, warning, fitness-probity, adverse-media-*).
 *
 * Objects are kept lean for the 1M-entity benchmark: `sources`, `types` and `fields` arrays are shared between
 * entities with the same values (treat generated entities as read-only).
 */

/**
 * @typedef {import('../src/types/entity.js').Entity} Entity
 * @typedef {'exact' | 'typo' | 'reordered' | 'partial' | 'phonetic' | 'non-matching'} QueryKind
 * @typedef {{ kind: QueryKind, term: string, expectedId?: string }} SyntheticQuery
 *   `expectedId`: the entity the query was derived from (absent for non-matching queries).
 * @typedef {{ perKind?: number }} QueryOptions
 */

/** The query kinds, in the order they are generated and reported. */
export const QUERY_KINDS = /** @type {const} */ (['exact', 'typo', 'reordered', 'partial', 'phonetic', 'non-matching']);

/** Queries per kind by default. */
export const DEFAULT_QUERIES_PER_KIND = 100;

/**
 * mulberry32: a small, fast, seeded 32-bit PRNG returning floats in [0, 1).
 * @param {number} seed
 * @returns {() => number}
 */
export function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** @param {string} s */
const words = (s) => s.trim().split(/\s+/);

/**
 * A pool of strings with Zipf-like weights (first = most common).
 * @typedef {{ items: string[], cum: Float64Array }} Pool
 */

/**
 * @param {string[]} items
 * @param {number} [exponent]
 * @returns {Pool}
 */
function pool(items, exponent = 0.9) {
  const cum = new Float64Array(items.length);
  let total = 0;
  for (let i = 0; i < items.length; i++) {
    total += 1 / Math.pow(i + 1, exponent);
    cum[i] = total;
  }
  for (let i = 0; i < items.length; i++) cum[i] = /** @type {number} */ (cum[i]) / total;
  return { items, cum };
}

/**
 * @param {Pool} p
 * @param {() => number} rnd
 */
function pick(p, rnd) {
  const r = rnd();
  let lo = 0;
  let hi = p.items.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (/** @type {number} */ (p.cum[mid]) < r) lo = mid + 1;
    else hi = mid;
  }
  return /** @type {string} */ (p.items[lo]);
}

/**
 * Uniform pick.
 * @template T
 * @param {readonly T[]} a
 * @param {() => number} rnd
 * @returns {T}
 */
function any(a, rnd) {
  return /** @type {T} */ (a[Math.floor(rnd() * a.length)]);
}

// ---------------------------------------------------------------------------------------------------------------
// Name parts by culture. Given names mix male and female; order is roughly by frequency.

/**
 * @typedef {{
 *   id: string, weight: number, given: Pool, surname: Pool, countries: string[],
 *   tail: { roots: string[], suffixes: string[], prefixes?: string[] } | null,
 *   shape: 'western' | 'hispanic' | 'arabic' | 'slavic' | 'east-asian' | 'south-asian' | 'persian'
 * }} Culture
 */

/** @type {Culture[]} */
const CULTURES = [
  {
    id: 'anglo', weight: 14, shape: 'western', countries: ['US', 'GB', 'CA', 'AU', 'IE', 'NZ'],
    given: pool(words(`James John Robert Michael William David Mary Richard Joseph Thomas Patricia Jennifer Charles
      Linda Elizabeth Barbara Susan Daniel Matthew Jessica Sarah Anthony Mark Karen Paul Steven Andrew Nancy Lisa
      Kenneth George Edward Brian Betty Margaret Ronald Kevin Jason Sandra Ashley Emily Donna Michelle Stephen Carol
      Timothy Amanda Peter Melissa Gary Deborah Stephanie Rebecca Jeffrey Ryan Jacob Nicholas Eric Jonathan Laura
      Helen Samuel Benjamin Gregory Frank Alexander Raymond Patrick Jack Dennis Jerry Tyler Aaron Henry Douglas
      Catherine Christine Rachel Victoria Heather Diane Julie Joyce Evelyn Joan Olivia Grace Harold Walter Arthur
      Lawrence Philip Albert Ethan Noah Logan Hannah Megan Abigail Madison Chloe Lucy Oliver Harry Charlie Alfie`)),
    surname: pool(words(`Smith Johnson Williams Brown Jones Miller Davis Wilson Anderson Taylor Thomas Moore Jackson
      Martin Thompson White Harris Clark Lewis Robinson Walker Young Allen King Wright Scott Hill Green Adams Baker
      Nelson Carter Mitchell Roberts Turner Phillips Campbell Parker Evans Edwards Collins Stewart Morris Murphy Cook
      Rogers Morgan Cooper Peterson Bailey Reed Kelly Howard Cox Ward Richardson Watson Brooks Wood James Bennett
      Gray Hughes Price Sanders Myers Long Ross Foster Powell Jenkins Perry Russell Sullivan Bell Coleman Butler
      Henderson Barnes Fisher Graham Hamilton Wallace Marshall Owens Harrison Gibson Ellis Hunt Palmer Robertson
      Black Holmes Stone Meyer Boyd Mills Warren Fox Rose Rice Moreno Schmidt Patel Ferguson Nichols Herrera Medina
      Ryan Fernandez Weaver Daniels Stephens Gardner Payne Kelley Dunn Pierce Arnold Tran Spencer Peters Hawkins
      Grant Hansen Castro Hoffman Hart Elliott Cunningham Knight Bradley Carroll Hudson Duncan Armstrong Berry
      Andrews Johnston Ray Lane Riley Carpenter Perkins Aguilar Silva Richards Willis Matthews Chapman Lawrence
      Garza Vargas Watkins Wheeler Larson Carlson Harper George Greene Burke Guzman Morrison Munoz Jacobs Obrien
      Lawson Franklin Lynch Bishop Carr Salazar Austin Mendez Gilbert Jensen Williamson Montgomery Harvey Oliver
      Howell Dean Hanson Weber Garrett Sims Burton Fuller Soto McDonald Welch Fletcher Nash Thornton Whitfield`)),
    tail: { roots: words('ash brad carl dal fair gold hart kings lang mar north ox red sher stan thorn wal whit ald brom cran dun elm glen hol kirk lin mor pem rad sel tal wen'), suffixes: words('son ton ley ford well wood field worth by ham man ridge stead hurst') },
  },
  {
    id: 'hispanic', weight: 12, shape: 'hispanic', countries: ['MX', 'CO', 'VE', 'ES', 'AR', 'PE', 'CU', 'PA', 'EC', 'GT', 'HN', 'NI'],
    given: pool(words(`Jose Juan Luis Carlos Maria Jorge Manuel Francisco Antonio Miguel Pedro Ana Alejandro Fernando
      Ricardo Javier Rafael Carmen Diego Sergio Roberto Eduardo Andres Rosa Isabel Laura Sofia Lucia Elena Guadalupe
      Marta Gabriela Daniela Valentina Pablo Raul Alberto Hector Oscar Ramon Enrique Arturo Ernesto Gustavo Alfonso
      Ignacio Joaquin Julio Cesar Mario Victor Felipe Emilio Armando Rodrigo Adriana Patricia Veronica Claudia
      Mariana Alejandra Beatriz Dolores Pilar Teresa Consuelo Esperanza Ximena Camila Paula Santiago Mateo Nicolas`)),
    surname: pool(words(`Garcia Rodriguez Martinez Hernandez Lopez Gonzalez Perez Sanchez Ramirez Torres Flores Rivera
      Gomez Diaz Reyes Cruz Morales Ortiz Gutierrez Chavez Ramos Ruiz Alvarez Mendoza Castillo Jimenez Vasquez
      Moreno Herrera Medina Aguilar Vargas Castro Romero Fernandez Guzman Munoz Rojas Salazar Delgado Ortega Navarro
      Pena Rios Soto Contreras Sandoval Guerrero Vega Cabrera Escobar Ochoa Zambrano Acosta Avila Barrera Benitez
      Bermudez Cardenas Carrillo Cervantes Cortes Dominguez Espinoza Estrada Figueroa Fuentes Galindo Ibarra Lara
      Luna Maldonado Marquez Mejia Miranda Molina Montoya Nunez Orozco Pacheco Padilla Palacios Paredes Quintero
      Rangel Rosales Salinas Santana Serrano Suarez Trujillo Valdez Valencia Velasquez Villa Zamora Zapata Arango
      Londono Restrepo Uribe Cardona Ospina Giraldo Betancourt Quiroga Sepulveda Villalobos Echeverria Urdaneta`)),
    tail: { roots: words('alb bar cal cas dur esp gal ib lar mal mend nar ort pal quin rod sal tov val vill zal ber cor'), suffixes: words('ez es ero illo ano era ales eda ujo') },
  },
  {
    id: 'arabic', weight: 12, shape: 'arabic', countries: ['SA', 'AE', 'IQ', 'SY', 'LB', 'EG', 'YE', 'LY', 'JO', 'QA', 'KW', 'DZ', 'MA', 'TN', 'SD', 'PS'],
    given: pool(words(`Mohammed Ahmed Ali Omar Abdullah Hassan Hussein Khalid Mahmoud Ibrahim Youssef Mustafa Fatima
      Said Karim Tariq Nasser Hamza Bilal Faisal Salem Aisha Mariam Khadija Zainab Nour Layla Huda Amina Samira
      Abdulrahman Abdelaziz Osama Jamal Walid Sami Adel Rami Ziad Majid Fahd Sultan Saleh Nabil Hisham Yasser Anas
      Marwan Imad Bassam Ayman Hani Hazem Ammar Yahya Zakaria Ismail Suleiman Abdulkarim Abdulmajid Musa Issa Idris
      Rashid Mansour Talal Badr Nawaf Turki Saad Hamad Jassim Mubarak Salma Rania Dina Hana Lina Reem Sara Noura
      Yasmin Laila Asma Maha Ghada Manal Rasha Sawsan Wafa`)),
    surname: pool(words(`Al-Rashid Al-Masri Haddad Khoury Nasser Hamdan Saleh Aziz Mansour Qureshi Al-Tamimi Al-Harbi
      Al-Otaibi Al-Qahtani Al-Ghamdi Al-Zahrani Al-Shehri Al-Dossari Al-Mutairi Al-Anazi Al-Shamsi Al-Maktoum
      Al-Nahyan Al-Thani Al-Sabah Al-Khalifa Al-Saud Al-Hashimi Al-Husseini Al-Baghdadi Al-Tikriti Al-Jabouri
      Al-Obeidi Al-Dulaimi Al-Zawahiri Al-Awlaki Al-Qurashi Al-Hakim Al-Assad Makhlouf Shalish Tlass Hamoud
      Abdallah Barakat Darwish Farouk Ghanem Habib Ismail Jaber Kassem Khalil Mahmoud Mourad Nassar Rahman Sabbagh
      Said Shaheen Suleiman Taha Yassin Zaki Bakr Hijazi Awad Othman Osman Hamdi Fawzi Khatib Najjar Saber Antar
      Fakhoury Bitar Chami Daher Frangieh Gemayel Jumblatt Karami Salameh Sfeir Tabet Zein Bin-Laden Ben-Ali
      El-Sayed El-Masry El-Hadi El-Amin Abu-Bakr Abu-Zaid Abu-Shanab`)),
    tail: { roots: words('ham zar kar jab sal rah nas far had mal qas tam sha bar dah gha wah fad jal kha naj raz'), suffixes: words('i awi ani ouri eh an'), prefixes: ['Al-', 'El-', 'Abu-', ''] },
  },
  {
    id: 'slavic', weight: 11, shape: 'slavic', countries: ['RU', 'UA', 'BY', 'KZ', 'PL', 'RS', 'BG', 'MD', 'GE', 'AM', 'AZ', 'UZ'],
    given: pool(words(`Alexander Sergei Dmitry Andrei Alexei Vladimir Ivan Mikhail Nikolai Yuri Oleg Igor Pavel Olga
      Viktor Anatoly Elena Tatiana Natalia Irina Svetlana Anna Maria Yulia Ekaterina Evgeny Roman Maxim Denis Artem
      Konstantin Boris Gennady Valery Vyacheslav Arkady Leonid Stanislav Vadim Grigory Fedor Kirill Ruslan Timur
      Arkadiy Valentina Galina Lyudmila Nina Lidia Vera Nadezhda Larisa Marina Oksana Ksenia Polina Darya Anastasia
      Piotr Tomasz Krzysztof Marek Jan Agnieszka Katarzyna Bogdan Taras Mykola Volodymyr Petro Dragan Milan Zoran`)),
    surname: pool(words(`Ivanov Smirnov Kuznetsov Popov Vasiliev Petrov Sokolov Mikhailov Novikov Fedorov Morozov
      Volkov Alekseev Lebedev Semenov Egorov Pavlov Kozlov Stepanov Nikolaev Orlov Andreev Makarov Zakharov Zaitsev
      Solovyov Borisov Yakovlev Grigoriev Romanov Vorobyov Sergeev Kuzmin Frolov Alexandrov Dmitriev Korolev Gusev
      Kiselev Ilyin Maximov Polyakov Sorokin Vinogradov Kovalev Belov Medvedev Antonov Tarasov Zhukov Baranov
      Filippov Komarov Davydov Belyaev Gerasimov Bogdanov Osipov Sidorov Matveev Titov Markov Mironov Krylov
      Kulikov Karpov Vlasov Melnikov Denisov Gavrilov Tikhonov Kazakov Afanasiev Danilov Savelyev Timofeev Fomin
      Chernov Abramov Martynov Efimov Fedotov Shcherbakov Nazarov Kalinin Isaev Chernyshev Bykov Maslov Rodionov
      Konovalov Lazarev Voronin Klimov Filatov Ponomarev Golubev Kudryavtsev Prokhorov Naumov Potapov Zhuravlev
      Ovchinnikov Trofimov Leonov Sobolev Ermakov Kolesnikov Goncharov Emelyanov Nikitin Kravchenko Shevchenko
      Kovalenko Bondarenko Tkachenko Boyko Kovalchuk Oliynyk Lysenko Marchenko Rudenko Savchenko Petrenko Kowalski
      Nowak Wisniewski Wojcik Kaminski Lewandowski Zielinski Szymanski Dabrowski Kozlowski Jovanovic Petrovic
      Nikolic Markovic Djordjevic Stojanovic Lukashenko Deripaska Abramovich Usmanov Vekselberg Rotenberg Timchenko`)),
    tail: { roots: words('bel vor kras zel grom dub kol lis mel nov pes rad sav tol vel zem bor gol kur sem chern mosk'), suffixes: words('ov ev in sky enko uk chuk ovich ovsky yev') },
  },
  {
    id: 'chinese', weight: 9, shape: 'east-asian', countries: ['CN', 'HK', 'TW', 'SG', 'MO'],
    given: pool(words(`Wei Fang Xiuying Ying Jun Hong Ming Li Jing Hui Lei Yan Ping Hua Qiang Jie Tao Xin Yu Lin Hao
      Chao Bo Yi Na Juan Xia Gang Bin Long Feng Dan Ning Kai Xiang Zhiqiang Jianguo Jianhua Guoqiang Xiaoming
      Xiaohong Yong Chun Mei Lan Yun Zhen Qing Rui Wen Jian Hai Peng Fei Shan Tingting Lili Jiayi Zihan Haoran Yuxuan
      Zixuan Yichen Junjie Jiahao Shuang Xue Qian Meng`)),
    surname: pool(words(`Wang Li Zhang Liu Chen Yang Huang Zhao Wu Zhou Xu Sun Ma Zhu Hu Guo He Lin Gao Luo Zheng Liang
      Xie Song Tang Han Feng Deng Cao Peng Zeng Xiao Tian Dong Pan Yuan Cai Jiang Yu Du Ye Cheng Wei Su Lu Ding Ren
      Shen Yao Lu Jin Qian Tan Fu Fan Cui Wan Kong Mao Qiu Dai Xia Zou Shi Bai Hou Meng Qin Duan Lei Xiong Hao Gong`), 1.1),
    tail: null,
  },
  {
    id: 'korean', weight: 5, shape: 'east-asian', countries: ['KP', 'KR'],
    given: pool(words(`Minjun Seojun Dohyun Jiho Jiwoo Seoyeon Jiwon Minseo Hyunwoo Jaehyun Sungmin Youngho Jungho
      Kyungsoo Dongwook Sanghoon Jinwoo Taehyun Eunji Hyejin Soyoung Jiyeon Minji Yuna Chulsoo Younghee Myungsoo
      Jongun Ilsung Jongil Yongho Kwangsu Sunghee Myongchol Songil Chol Hyok Kyong Ryong Chun`)),
    surname: pool(words('Kim Lee Park Choi Jung Kang Cho Yoon Jang Lim Han Oh Seo Shin Kwon Hwang Ahn Song Yoo Hong Jeon Ko Moon Yang Son Bae Baek Heo Nam Ri Pak Ryu'), 1.2),
    tail: null,
  },
  {
    id: 'japanese', weight: 4, shape: 'western', countries: ['JP'],
    given: pool(words(`Hiroshi Takashi Kenji Yuki Akira Satoshi Kazuo Makoto Daisuke Takeshi Haruto Yuto Sota Ren Yuna
      Yui Sakura Aoi Hina Keiko Yoko Naoko Tomoko Akiko Emi Shinji Koji Masato Tetsuya Noboru Shigeru Hideki Ichiro
      Kaito Riku Mei Misaki Ayaka Haruka Kaori Junko Yumiko Michiko Sachiko Kazuki Tatsuya Ryota Shota Kenta`)),
    surname: pool(words(`Sato Suzuki Takahashi Tanaka Watanabe Ito Yamamoto Nakamura Kobayashi Kato Yoshida Yamada
      Sasaki Yamaguchi Matsumoto Inoue Kimura Hayashi Shimizu Yamazaki Mori Abe Ikeda Hashimoto Ishikawa Ogawa
      Fujita Okada Goto Hasegawa Murakami Kondo Ishii Saito Sakamoto Endo Aoki Fujii Nishimura Fukuda Ota Miura
      Fujiwara Okamoto Matsuda Nakagawa Nakano Harada Ono Tamura Takeuchi Kaneko Wada Nakayama`)),
    tail: { roots: words('yama naka kawa mat fuji taka ishi hira oka kita mina tsu sugi nishi higa asa'), suffixes: words('moto da ta no hara mura saki shima zawa gawa uchi be') },
  },
  {
    id: 'south-asian', weight: 10, shape: 'south-asian', countries: ['IN', 'PK', 'BD', 'LK', 'NP', 'AF'],
    given: pool(words(`Mohammad Rahul Amit Sanjay Vijay Rajesh Suresh Anil Sunil Ravi Arjun Deepak Manoj Ashok Ramesh
      Priya Anjali Pooja Neha Sunita Kavita Lakshmi Divya Aarav Imran Asif Farhan Bilal Abdul Rajiv Vikram Rohit
      Nitin Sandeep Pradeep Mahesh Ganesh Dinesh Naveen Prakash Harish Gaurav Shahid Tahir Zubair Waqar Nadeem
      Salman Shabana Nusrat Rukhsana Farzana Saima Ayesha Rekha Meena Geeta Sita Usha Asha Shanti Anita Nirmala`)),
    surname: pool(words(`Kumar Singh Sharma Patel Khan Gupta Shah Reddy Rao Iyer Nair Mehta Joshi Desai Chopra Malhotra
      Kapoor Verma Mishra Pandey Yadav Das Bose Chatterjee Banerjee Mukherjee Siddiqui Chaudhry Hussain Ahmed
      Rahman Islam Hossain Qureshi Butt Malik Mirza Sheikh Ansari Akhtar Baig Chaudhary Bhatt Agarwal Jain Saxena
      Srivastava Tiwari Dubey Trivedi Pillai Menon Krishnan Subramanian Venkatesh Naidu Gowda Shetty Kulkarni
      Patil Jadhav Pawar Gill Sandhu Dhillon Grewal Sidhu Bajwa Karzai Popalzai Haqqani Durrani Yousafzai`)),
    tail: { roots: words('bal dev har kar lal man nar pras ram sar vis gan sub jag moh bhan'), suffixes: words('wala ani kar ia ram esh pal') },
  },
  {
    id: 'african', weight: 8, shape: 'western', countries: ['NG', 'GH', 'KE', 'ZA', 'ZW', 'SN', 'ML', 'CD', 'SO', 'ET', 'SS', 'CF', 'UG', 'TZ'],
    given: pool(words(`Mamadou Ibrahim Musa Oluwaseun Chinedu Emeka Ngozi Chukwuemeka Adebayo Babajide Tunde Kwame Kofi
      Kwabena Ama Akosua Abena Yaw Amara Chiamaka Ifeoma Obinna Segun Abdoulaye Moussa Fatoumata Aminata Ousmane
      Thabo Sipho Themba Nomvula Jabulani Tendai Tatenda Juma Baraka Wanjiru Otieno Kamau Emmanuel Joseph Grace
      Blessing Patience Godfrey Innocent Charles Samuel Daniel Abubakar Aliyu Umaru Bola Yemi Femi Kunle Nnamdi
      Uche Chidi Kelechi Amadou Boubacar Seydou Alpha Sekou Lamine Cheikh Modou Aissatou Mariama`)),
    surname: pool(words(`Okafor Okonkwo Adeyemi Ogunleye Eze Nwosu Obi Balogun Mensah Asante Owusu Boateng Diallo Traore
      Keita Coulibaly Diop Ndiaye Sow Ba Kamara Konate Dlamini Nkosi Ndlovu Mokoena Moyo Mutasa Kariuki Mwangi
      Odhiambo Ochieng Wanjiku Kiprop Abebe Tesfaye Haile Girma Bekele Mohamud Warsame Farah Abdi Hassan Osei Darko
      Appiah Agyeman Adjei Oduya Okoro Nwachukwu Oyelaran Afolabi Bello Abubakar Danjuma Sanni Musa Lawal Yusuf
      Mugabe Mnangagwa Chiwenga Tshisekedi Kabila Kagame Museveni Kenyatta Odinga Ruto Machar Kiir Toure Sangare`)),
    tail: { roots: words('ade olu chi nwa oko ba ka mu ndi twe kwa so ma ji ngu ta'), suffixes: words('ye mi ke nde la ra wo si ba nga'), prefixes: ['O', 'A', 'E', ''] },
  },
  {
    id: 'persian', weight: 6, shape: 'persian', countries: ['IR', 'AF', 'TJ'],
    given: pool(words(`Ali Reza Mohammad Hossein Mehdi Amir Hamid Saeed Majid Javad Mahmoud Dariush Kourosh Behrouz
      Farhad Parviz Shirin Maryam Zahra Fatemeh Nasrin Leila Parisa Azadeh Roya Mina Alireza Mohammadreza Hassan
      Abbas Morteza Mojtaba Ebrahim Esmail Qasem Gholam Rostam Babak Kaveh Siamak Arash Omid Peyman Pouya Navid
      Shahram Bahram Mahnaz Soheila Fereshteh Golnar Niloufar Ladan Shabnam Sepideh Ghazal Elham Azar`)),
    surname: pool(words(`Hosseini Mohammadi Rezaei Ahmadi Moradi Karimi Jafari Rahimi Hashemi Mousavi Sadeghi Ghasemi
      Kazemi Rostami Tehrani Shirazi Esfahani Tabrizi Abbasi Bagheri Nouri Sharifi Zamani Farahani Khorasani Najafi
      Akbari Heidari Soleimani Khamenei Rouhani Raisi Zarif Larijani Rafsanjani Velayati Salehi Ghalibaf Jalili
      Mohseni Bahrami Sadri Nasiri Taheri Kiani Amini Azizi Golzari Safavi Yazdani Kermani Ardebili Mashhadi
      Zadeh Pourmand Alavi Mirzaei Ebrahimi Ansari Shahidi Vahidi Ranjbar Gholami Valizadeh Hosseinzadeh`)),
    tail: { roots: words('bagh ghol kaz najm rahm shir sal far mir tah vaz yaz zand khos mah arj'), suffixes: words('i zadeh pour nejad ian far vand') },
  },
  {
    id: 'european', weight: 9, shape: 'western', countries: ['DE', 'AT', 'CH', 'FR', 'BE', 'IT', 'LU', 'NL', 'MC'],
    given: pool(words(`Hans Jean Giuseppe Peter Pierre Giovanni Klaus Michel Antonio Wolfgang Philippe Mario Jurgen
      Alain Luigi Michael Nicolas Francesco Thomas Francois Angelo Andreas Jacques Vincenzo Stefan Louis Pietro
      Matthias Marie Salvatore Ursula Nathalie Giulia Monika Isabelle Francesca Petra Sophie Chiara Sabine Catherine
      Alessandra Claudia Christophe Sebastien Laurent Olivier Frederic Heinz Gunther Dieter Helmut Uwe Rainer
      Marco Alessandro Roberto Paolo Stefano Fabio Massimo Luca Matteo Lorenzo Elisabetta Rosalba Brigitte Heike`)),
    surname: pool(words(`Muller Martin Rossi Schmidt Bernard Russo Schneider Dubois Ferrari Fischer Thomas Esposito
      Weber Robert Bianchi Meyer Richard Romano Wagner Petit Colombo Becker Durand Ricci Schulz Leroy Marino Hoffmann
      Moreau Greco Koch Simon Bruno Richter Laurent Gallo Klein Lefebvre Conti Wolf Michel DeLuca Schroder Garnier
      Mancini Neumann David Costa Schwarz Bertrand Giordano Zimmermann Roux Rizzo Braun Vincent Lombardi Kruger
      Fournier Moretti Hofmann Morel Barbieri Hartmann Girard Fontana Lange Andre Santoro Schmitt Lefevre Mariani
      Werner Mercier Rinaldi Krause Dupont Caruso Meier Lambert Ferrara Lehmann Bonnet Galli Schmid Francois Martini
      Schulze Martinez Leone Maier Legrand Longo Kohler Gauthier Gentile Herrmann Garcia Martinelli Konig Perrin
      Vitale Walter Robin Lombardo Mayer Clement Serra Huber Morin Coppola Kaiser Nicolas DeSantis Fuchs Henry`)),
    tail: { roots: words('alt berg brand eck fal gross hal lind neu ober rein stein wald bell cas dell fran mont ross val'), suffixes: words('mann er berg stein hof ard ier elli ini etti one ucci') },
  },
];

/** Parts of people on no list: the non-matching queries are drawn from these (never used for entities). */
const HELD_OUT_GIVEN = words(`Aatu Eino Onni Vaino Lauri Juhani Pentti Tapio Aino Elina Kaisu Sirkka Zoltan Laszlo
  Gyorgy Istvan Tibor Bence Levente Csaba Zsofia Erzsebet Ildiko Reka Dimitrios Konstantinos Panagiotis Vasileios
  Spyridon Eleftheria Theodora Evangelia Gudmundur Sigurdur Olafur Thorsteinn Bjarni Ragnheidur Sigridur Kealoha
  Makana Kainoa Leilani Nalani Keoni Iker Unai Gorka Aitor Itziar Amaia Nerea Levan Zurab Tamaz Ketevan Eero Ilmari
  Kyosti Ferenc Gergely Szabolcs Agoston`);
const HELD_OUT_SURNAME = words(`Virtanen Korhonen Nieminen Makinen Hamalainen Heikkinen Koskinen Jarvinen Lehtonen
  Nagy Kovacs Szabo Horvath Varga Molnar Nemeth Farkas Balogh Takacs Juhasz Papadopoulos Georgiou Nikolaidis
  Konstantinidis Karagiannis Vlachos Oikonomou Christodoulou Jonsdottir Sigurdsson Gudmundsson Olafsdottir
  Magnusson Kristjansson Kahananui Kealamakia Nakoa Kaleikini Etxeberria Goikoetxea Agirre Zubizarreta Urkijo
  Larranaga Arrieta Beridze Kapanadze Gelashvili Maisuradze Tsiklauri Lomidze Chkheidze Abashidze Salminen
  Tuominen Rantanen Lindqvist Halonen Szekeres Fekete Bodnar Pataki`);

// Spelling and transliteration variant groups: any member may be written as any other.
const VARIANT_GROUPS = [
  'Mohammed Muhammad Mohamed Mohammad Muhammed Mohamad Mehmet', 'Ahmed Ahmad Ahmet', 'Hussein Husain Hussain Husayn Hossein',
  'Youssef Yusuf Yousef Yusef Joseph', 'Abdullah Abdallah Abdulla', 'Omar Umar Omer', 'Osama Usama', 'Hassan Hasan',
  'Khalid Khaled', 'Mahmoud Mahmud Mahmood', 'Ibrahim Ebrahim', 'Mustafa Mostafa Moustafa', 'Said Saeed Sayed',
  'Karim Kareem', 'Tariq Tarek Tareq', 'Nasser Nasir Naser', 'Faisal Faysal', 'Salem Salim', 'Aisha Ayesha Aysha',
  'Mariam Maryam Miriam', 'Khadija Khadijah', 'Zainab Zeinab Zaynab', 'Layla Leila Laila', 'Suleiman Sulaiman Soleiman',
  'Ismail Esmail Ismael', 'Yahya Yahia', 'Qasem Qassem Ghasem Kassem', 'Abbas Abas', 'Reza Riza',
  'Sergei Sergey Serguei', 'Dmitry Dmitri Dmitriy', 'Alexei Aleksei Alexey Aleksey', 'Yuri Yury Iouri Yuriy',
  'Tatiana Tatyana', 'Natalia Natalya', 'Andrei Andrey', 'Nikolai Nikolay', 'Evgeny Yevgeny Evgeniy', 'Fedor Fyodor',
  'Alexander Aleksandr Alexandre', 'Vasiliev Vasilyev Vassiliev', 'Fedorov Fyodorov', 'Semenov Semyonov',
  'Solovyov Soloviev', 'Alekseev Alexeev', 'Grigoriev Grigoryev', 'Sergeev Sergeyev', 'Afanasiev Afanasyev',
  'Zhang Chang', 'Zhou Chou', 'Xu Hsu', 'Li Lee', 'Chen Chan', 'Huang Wong', 'Wu Ng', 'Liu Lau', 'Zheng Cheng',
  'Lee Yi Rhee Ri', 'Park Pak Bak', 'Choi Choe', 'Jung Jeong Chung', 'Kang Gang', 'Cho Jo', 'Yoon Yun', 'Lim Im Rim',
  'Ito Itoh', 'Sato Satoh', 'Kato Katoh', 'Ono Ohno', 'Goto Gotoh',
  'Chaudhry Chowdhury Choudhury Chaudhary', 'Mukherjee Mukherji', 'Hossain Hussain', 'Rahman Rehman',
  'Hosseini Husseini Hoseini', 'Mousavi Musavi', 'Ghasemi Qasemi', 'Rezaei Rezai', 'Soleimani Suleimani',
  'Muller Mueller Miller', 'Schroder Schroeder', 'Jurgen Juergen', 'Konig Koenig', 'Kruger Krueger',
  'DeLuca De-Luca', 'Francois Francis', 'Giuseppe Joseph', 'Jose Josep', 'Ivan Iwan', 'Jovanovic Jovanovich',
  'Petrovic Petrovich', 'Kowalski Kovalsky',
].map(words);

/** word → its variant group (alternatives). */
const VARIANTS = new Map();
for (const group of VARIANT_GROUPS) for (const w of group) VARIANTS.set(w, group);

// Phonetic respellings for queries: whole-word pairs and rules that keep the sound.
const PHONETIC_WORDS = new Map(
  /** @type {[string, string][]} */ ([
    ['John', 'Jon'], ['Jon', 'John'], ['Stephen', 'Steven'], ['Steven', 'Stephen'], ['Catherine', 'Katherine'],
    ['Philip', 'Phillip'], ['Mohammed', 'Muhamad'], ['Muhammad', 'Mohamed'], ['Mohamed', 'Mohammad'],
    ['Mohammad', 'Muhammed'], ['Mohamad', 'Mohammed'], ['Hussein', 'Husein'], ['Youssef', 'Yusef'], ['Osama', 'Usama'],
    ['Yusuf', 'Yousouf'], ['Abdullah', 'Abdallah'], ['Sergei', 'Sergey'], ['Alexei', 'Aleksey'], ['Dmitry', 'Dmitri'],
    ['Jurgen', 'Yurgen'], ['Schmidt', 'Schmitt'], ['Smith', 'Smyth'], ['Thompson', 'Tompson'], ['Claire', 'Clare'],
    ['Sean', 'Shaun'], ['Geoffrey', 'Jeffrey'], ['Jeffrey', 'Geoffrey'], ['Lewis', 'Louis'], ['Louis', 'Lewis'],
  ]),
);
/** @type {[RegExp, string][]} */
const PHONETIC_RULES = [
  [/ph/, 'f'], [/ck/, 'k'], [/([bcdfgklmnprst])\1/, '$1'], [/([aeiou])([bdfglmnprst])([aeiou])/, '$1$2$2$3'],
  [/ou/, 'u'], [/oo/, 'u'], [/ee/, 'i'], [/ie$/, 'y'], [/y$/, 'ie'], [/ei/, 'ey'], [/ey$/, 'ei'], [/kh/, 'h'],
  [/q/, 'k'], [/c([aou])/, 'k$1'], [/z/, 's'], [/sh/, 'sch'], [/w/, 'v'], [/v/, 'w'], [/ai/, 'ay'], [/^j/, 'dj'],
  [/x/, 'ks'], [/th/, 't'], [/ss/, 's'], [/i([aeou])/, 'y$1'],
];

// ---------------------------------------------------------------------------------------------------------------
// Organisations and vessels.

const ORG_WORDS = pool(words(`Golden Global United Eastern Western Northern Southern Pacific Atlantic Royal Crescent Silver
  Star Ocean Phoenix Delta Alpha Sun Green Blue Red Great Central International National Continental Premier Prime
  Dragon Falcon Eagle Lion Cedar Oasis Horizon Summit Orient Victory Unity Liberty Crystal Diamond Emerald Sapphire
  Pearl Jade Lotus Palm Desert Mountain River Harbor Bay Gulf Coastal Trans Inter Euro Asia Afro Arab Sino Baltic
  Caspian Black Sea Nile Tigris Persian Hindu Silk Road Bridge Gate Tower Crown Shield Arrow Sword Anchor Compass
  Meridian Zenith Apex Vertex Nova Stellar Galaxy Orbit Quantum Fusion Vector Matrix Nexus Vanguard Pioneer
  Frontier Heritage Legacy Pinnacle Sterling Regal Imperial Majestic Noble Grand Supreme Elite Standard Modern`), 0.7);
const PLACES = pool(words(`Dubai Tehran Moscow HongKong Caracas Damascus Pyongyang Minsk Havana Karachi Lagos Istanbul
  Shanghai Panama Cyprus Kabul Beirut Baghdad Tripoli Khartoum Sanaa Doha Muscat Almaty Tashkent Baku Yerevan
  Tbilisi Belgrade Sofia Riga Vilnius Singapore Jakarta Manila Bangkok Yangon Dhaka Colombo Nairobi Kampala Harare
  Kinshasa Bamako Dakar Abuja Accra Cairo Algiers Tunis Rabat Amman Riyadh Jeddah Kuwait Manama Sharjah Ajman
  Mumbai Delhi Lahore Hamburg Rotterdam Antwerp Marseille Genoa Limassol Valletta Gibraltar Monaco Zurich Vienna`));
const INDUSTRIES = pool(words(`Trading Shipping Petroleum Oil Gas Energy Logistics Maritime Industrial Investment
  Construction Engineering Electronics Technology Mining Metals Chemicals Pharmaceutical Textiles Agro Finance
  Exchange Travel Aviation Marine Steel Import Export Commodities Capital Resources Development Services Solutions
  Systems Ventures Enterprises Partners Holdings Industries Petrochemical Refining Tankers Navigation Cargo Freight
  Fisheries Tobacco Jewellery Gold Security Defense Aerospace Telecom Software Cement Timber Cotton Rice Sugar`), 0.8);
const LEGAL = pool(words(`LLC Ltd Limited Co Company Corp Corporation Inc GmbH SA SARL FZE FZCO JSC OOO PJSC Group
  Holding Pte SRL BV AG LLP PLC KG SpA AO ZAO OAO DMCC`), 0.6);
const ORG_TAIL = { roots: words('zar vel kor tam ben dal mir sol tex nov lum ori aur cyr ast quor vex pyr hal'), suffixes: words('ex ix on ia co tek tron ara ium ax ico') };

const VESSEL_PREFIX = ['MV', 'MT', 'M/V', ''];

// ---------------------------------------------------------------------------------------------------------------
// Types, sources, fields (shared arrays).

/** @type {[string[], number, string][]} types, weight, source */
const TYPE_SETS = [
  [['sanction'], 22, 'ofac-sdn'], [['sanction'], 8, 'eu-fsf'], [['sanction'], 5, 'un-sc'], [['sanction', 'pep-class-1'], 2, 'uk-hmt'],
  [['pep-class-1'], 8, 'pep-db'], [['pep-class-2'], 10, 'pep-db'], [['pep-class-3'], 7, 'pep-db'], [['pep-class-4'], 6, 'pep-db'],
  [['warning'], 4, 'interpol'], [['fitness-probity'], 3, 'fca-register'], [['adverse-media-financial-crime'], 6, 'media'],
  [['adverse-media-fraud'], 5, 'media'], [['adverse-media-terrorism'], 3, 'media'], [['adverse-media-narcotics'], 3, 'media'],
  [['adverse-media-violent-crime'], 2, 'media'], [['adverse-media-general'], 4, 'media'], [['adverse-media-v2-financial-aml-cft'], 2, 'media'],
  [['pep-class-2', 'adverse-media-fraud'], 1, 'pep-db'], [['sanction', 'adverse-media-terrorism'], 1, 'ofac-sdn'],
];
const TYPE_TOTAL = TYPE_SETS.reduce((s, t) => s + t[1], 0);
/** @type {Map<string, string[]>} */
const SHARED_SOURCES = new Map();
/** @param {string} s */
const sourcesOf = (s) => {
  let a = SHARED_SOURCES.get(s);
  if (a === undefined) SHARED_SOURCES.set(s, (a = [s]));
  return a;
};

/** @param {() => number} rnd */
function pickTypeSet(rnd) {
  let r = rnd() * TYPE_TOTAL;
  for (const t of TYPE_SETS) {
    r -= t[1];
    if (r < 0) return t;
  }
  return /** @type {[string[], number, string]} */ (TYPE_SETS[0]);
}

/** @typedef {import('../src/types/entity.js').EntityField} EntityField */

/**
 * @param {Map<string, EntityField[]>} cache
 * @param {string | null} birth
 * @param {string | null} country
 * @param {string | null} death
 */
function fieldsOf(cache, birth, country, death) {
  const key = `${birth}|${country}|${death}`;
  let f = cache.get(key);
  if (f === undefined) {
    f = [];
    if (birth !== null) f.push({ name: 'Date of Birth', value: birth, tag: 'date_of_birth' });
    if (death !== null) f.push({ name: 'Date of Death', value: death, tag: 'date_of_death' });
    if (country !== null) f.push({ name: 'Country', value: country, tag: 'country_codes' });
    cache.set(key, f);
  }
  return f;
}

// ---------------------------------------------------------------------------------------------------------------
// Name composition.

/** @param {string} w */
const cap = (w) => (w.length === 0 ? w : w[0].toUpperCase() + w.slice(1));

/**
 * An invented, culture-shaped word (the long tail of surnames and company names).
 * @param {{ roots: string[], suffixes: string[], prefixes?: string[] }} tail
 * @param {() => number} rnd
 */
function tailWord(tail, rnd) {
  const vowels = 'aeiou';
  let w = any(tail.roots, rnd);
  if (rnd() < 0.55) w += vowels[Math.floor(rnd() * 5)] + any(tail.roots, rnd);
  w += any(tail.suffixes, rnd);
  const prefix = tail.prefixes === undefined ? '' : any(tail.prefixes, rnd);
  return prefix.endsWith('-') ? prefix + cap(w) : cap(prefix + w);
}

/**
 * @param {Culture} c
 * @param {() => number} rnd
 */
function surnameOf(c, rnd) {
  if (c.tail !== null && rnd() < 0.4) return tailWord(c.tail, rnd);
  return pick(c.surname, rnd);
}

/**
 * A person's name as words, in the order it is written.
 * @param {Culture} c
 * @param {() => number} rnd
 * @param {boolean} female
 */
function personWords(c, rnd, female) {
  const given = pick(c.given, rnd);
  switch (c.shape) {
    case 'hispanic': {
      const out = [given];
      if (rnd() < 0.3) out.push(pick(c.given, rnd));
      out.push(surnameOf(c, rnd));
      if (rnd() < 0.6) out.push(surnameOf(c, rnd));
      return out;
    }
    case 'arabic': {
      const out = [given];
      const r = rnd();
      if (r < 0.35) out.push(pick(c.given, rnd));
      else if (r < 0.5) out.push(rnd() < 0.5 ? 'bin' : 'ibn', pick(c.given, rnd));
      out.push(surnameOf(c, rnd));
      return out;
    }
    case 'slavic': {
      let surname = surnameOf(c, rnd);
      if (female && /(ov|ev|in)$/.test(surname)) surname += 'a';
      if (rnd() < 0.5) {
        const father = pick(c.given, rnd).replace(/[aeiouy]$/, '');
        return [given, father + (female ? 'ovna' : 'ovich'), surname];
      }
      return [given, surname];
    }
    case 'east-asian': {
      const surname = pick(c.surname, rnd);
      return rnd() < 0.6 ? [surname, given] : [given, surname];
    }
    case 'south-asian':
    case 'persian':
    case 'western':
    default: {
      const out = [given];
      if (rnd() < 0.25) out.push(pick(c.given, rnd));
      out.push(surnameOf(c, rnd));
      return out;
    }
  }
}

/**
 * A word respelled: a listed variant or a transliteration-style change; the word itself when none applies.
 * @param {string} w
 * @param {() => number} rnd
 */
function respell(w, rnd) {
  const group = VARIANTS.get(w);
  if (group !== undefined && rnd() < 0.8) {
    const others = group.filter((/** @type {string} */ x) => x !== w);
    if (others.length > 0) return any(others, rnd);
  }
  const rules = PHONETIC_RULES.filter(([re]) => re.test(w.toLowerCase()));
  if (rules.length === 0) return w;
  const [re, to] = any(rules, rnd);
  return cap(w.toLowerCase().replace(re, to));
}

/**
 * 0-3 akas for a person.
 * @param {string[]} ws
 * @param {Culture} c
 * @param {() => number} rnd
 * @param {boolean} female
 */
function personAkas(ws, c, rnd, female) {
  const r = rnd();
  const n = r < 0.45 ? 0 : r < 0.75 ? 1 : r < 0.9 ? 2 : 3;
  /** @type {{ name: string }[]} */
  const out = [];
  const seen = new Set([ws.join(' ')]);
  for (let k = 0; k < n; k++) {
    const kind = rnd();
    let alt;
    if (kind < 0.35) {
      // Spelling/transliteration variant of one or two words.
      alt = ws.map((w) => (rnd() < 0.5 ? respell(w, rnd) : w));
    } else if (kind < 0.55) {
      // Reordered: surname first.
      alt = [/** @type {string} */ (ws[ws.length - 1]), ...ws.slice(0, -1)];
    } else if (kind < 0.7 && ws.length >= 3) {
      // Middle name dropped.
      alt = [/** @type {string} */ (ws[0]), /** @type {string} */ (ws[ws.length - 1])];
    } else if (kind < 0.8) {
      // Initial for the first name.
      alt = [`${ws[0]?.[0]}.`, ...ws.slice(1)];
    } else {
      // An unrelated alias from the same culture.
      alt = personWords(c, rnd, female);
    }
    const name = alt.join(' ');
    if (!seen.has(name)) {
      seen.add(name);
      out.push({ name });
    }
  }
  return out;
}

/**
 * @param {() => number} rnd
 * @returns {{ name: string, aka: { name: string }[] }}
 */
function organisation(rnd) {
  const r = rnd();
  let core;
  if (r < 0.3) core = [pick(ORG_WORDS, rnd), pick(ORG_WORDS, rnd), pick(INDUSTRIES, rnd)];
  else if (r < 0.5) core = [pick(PLACES, rnd), pick(INDUSTRIES, rnd)];
  else if (r < 0.65) core = [tailWord(ORG_TAIL, rnd), pick(INDUSTRIES, rnd)];
  else if (r < 0.78) {
    const c = pickCulture(rnd);
    core = [surnameOf(c, rnd).replace(/-/g, ' '), rnd() < 0.5 ? 'and Sons' : 'Brothers', pick(INDUSTRIES, rnd)];
  } else if (r < 0.88) core = [pick(ORG_WORDS, rnd), tailWord(ORG_TAIL, rnd), pick(INDUSTRIES, rnd)];
  else core = [rnd() < 0.5 ? 'Bank of' : 'Foundation for', pick(PLACES, rnd), pick(ORG_WORDS, rnd)];
  const legal = pick(LEGAL, rnd);
  const name = `${core.join(' ')} ${legal}`;
  /** @type {{ name: string }[]} */
  const aka = [];
  const n = rnd() < 0.5 ? 0 : rnd() < 0.7 ? 1 : 2;
  for (let k = 0; k < n; k++) {
    const kind = rnd();
    let alt;
    if (kind < 0.35) alt = core.join(' ');
    else if (kind < 0.55) alt = core.map((w) => w[0]).join('').toUpperCase();
    else if (kind < 0.75) alt = `${core.map((w) => (rnd() < 0.4 ? respell(w, rnd) : w)).join(' ')} ${pick(LEGAL, rnd)}`;
    else alt = `${pick(ORG_WORDS, rnd)} ${core[core.length - 1]} ${pick(LEGAL, rnd)}`;
    if (alt !== name && alt.length > 1 && !aka.some((a) => a.name === alt)) aka.push({ name: alt });
  }
  return { name, aka };
}

const CULTURE_TOTAL = CULTURES.reduce((s, c) => s + c.weight, 0);
/** @param {() => number} rnd */
function pickCulture(rnd) {
  let r = rnd() * CULTURE_TOTAL;
  for (const c of CULTURES) {
    r -= c.weight;
    if (r < 0) return c;
  }
  return /** @type {Culture} */ (CULTURES[0]);
}

/**
 * `count` synthetic screening-list entities, deterministic in `(count, seed)`; entity `i` is the same for every
 * `count > i`. Ids are `syn-<seed>-<i>`.
 * @param {number} count
 * @param {number} [seed]
 * @returns {Entity[]}
 */
export function generateEntities(count, seed = 1) {
  /** @type {Entity[]} */
  const out = new Array(count);
  /** @type {Map<string, EntityField[]>} */
  const fieldCache = new Map();
  for (let i = 0; i < count; i++) {
    const rnd = mulberry32((seed * 0x9e3779b1) ^ Math.imul(i + 1, 0x85ebca6b));
    rnd();
    const [types, , source] = pickTypeSet(rnd);
    const kindR = rnd();
    /** @type {Entity} */
    let e;
    if (kindR < 0.79) {
      const c = pickCulture(rnd);
      const female = rnd() < 0.3;
      const ws = personWords(c, rnd, female);
      const aka = personAkas(ws, c, rnd, female);
      const yr = rnd() < 0.85 ? 1935 + Math.floor(rnd() * 70) : null;
      const birth = yr === null ? null : rnd() < 0.3 ? `${yr}-${String(1 + Math.floor(rnd() * 12)).padStart(2, '0')}-${String(1 + Math.floor(rnd() * 28)).padStart(2, '0')}` : String(yr);
      const death = yr !== null && yr < 1960 && rnd() < 0.1 ? String(2000 + Math.floor(rnd() * 25)) : null;
      const country = rnd() < 0.9 ? any(c.countries, rnd) : null;
      e = { id: `syn-${seed}-${i}`, entity_type: 'person', name: ws.join(' '), sources: sourcesOf(source), types, fields: fieldsOf(fieldCache, birth, country, death) };
      if (aka.length > 0) e.aka = aka;
    } else if (kindR < 0.99) {
      const { name, aka } = organisation(rnd);
      const country = rnd() < 0.85 ? any(pickCulture(rnd).countries, rnd) : null;
      e = { id: `syn-${seed}-${i}`, entity_type: rnd() < 0.7 ? 'company' : 'organisation', name, sources: sourcesOf(source), types: types[0]?.startsWith('pep') ? sanctionOnly : types, fields: fieldsOf(fieldCache, null, country, null) };
      if (aka.length > 0) e.aka = aka;
    } else {
      const ws = [pick(ORG_WORDS, rnd), rnd() < 0.5 ? pick(PLACES, rnd) : tailWord(ORG_TAIL, rnd)];
      if (rnd() < 0.3) ws.push(any(['I', 'II', 'III', '1', '2', '7'], rnd));
      const prefix = any(VESSEL_PREFIX, rnd);
      const name = (prefix === '' ? '' : `${prefix} `) + ws.join(' ');
      e = { id: `syn-${seed}-${i}`, entity_type: 'vessel', name, sources: sourcesOf('ofac-sdn'), types: sanctionOnly, fields: fieldsOf(fieldCache, null, any(['IR', 'KP', 'SY', 'RU', 'PA', 'VE'], rnd), null) };
      if (rnd() < 0.4) e.aka = [{ name: `${pick(ORG_WORDS, rnd)} ${pick(ORG_WORDS, rnd)}` }];
    }
    out[i] = e;
  }
  return out;
}
const sanctionOnly = ['sanction'];

// ---------------------------------------------------------------------------------------------------------------
// Queries.

/** Every lower-cased word of every entity's names (used to keep non-matching queries off the list). */
/** @param {Iterable<Entity>} entities */
function listWords(entities) {
  const set = new Set();
  for (const e of entities) {
    for (const w of e.name.toLowerCase().split(/[\s\-.,]+/)) set.add(w);
    for (const a of e.aka ?? []) for (const w of a.name.toLowerCase().split(/[\s\-.,]+/)) set.add(w);
  }
  return set;
}

/**
 * One edit (substitution, deletion or insertion; never the first letter) on a word of 5+ letters.
 * @param {string} w
 * @param {() => number} rnd
 */
function typo(w, rnd) {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  const pos = 1 + Math.floor(rnd() * (w.length - 1));
  const r = rnd();
  const lower = w.toLowerCase();
  let out;
  if (r < 0.4 || (r < 0.7 && w.length < 6)) {
    let ch;
    do ch = letters[Math.floor(rnd() * 26)];
    while (ch === lower[pos]);
    out = w.slice(0, pos) + ch + w.slice(pos + 1);
  } else if (r < 0.7) out = w.slice(0, pos) + w.slice(pos + 1);
  else out = w.slice(0, pos) + letters[Math.floor(rnd() * 26)] + w.slice(pos);
  return out;
}

/**
 * A fixed query mix over `entities`, deterministic in `(entities, seed)`: `perKind` queries (100 by default) of
 * each kind, in the order of `QUERY_KINDS`:
 * - `exact`: an entity's name or one of its akas, as written;
 * - `typo`: one edit on a word of 5+ letters;
 * - `reordered`: the name's words rotated (last word first);
 * - `partial`: one word (not the first or last) dropped from a person's name of 3+ words;
 * - `phonetic`: a word respelled the way it sounds (Jon/John, Mohamed/Muhammad, ph/f, doubled letters...);
 * - `non-matching`: people on no list, from a separate pool of name parts none of which the list contains.
 * @param {readonly Entity[]} entities
 * @param {number} [seed]
 * @param {QueryOptions} [options]
 * @returns {SyntheticQuery[]}
 */
export function generateQueries(entities, seed = 1, options = {}) {
  const perKind = options.perKind ?? DEFAULT_QUERIES_PER_KIND;
  const rnd = mulberry32(seed ^ 0x5bd1e995);
  /** @type {SyntheticQuery[]} */
  const out = [];
  if (entities.length === 0) return out;
  const entity = () => /** @type {Entity} */ (entities[Math.floor(rnd() * entities.length)]);
  /** @param {Entity} e */
  const ws = (e) => e.name.split(' ').filter((w) => w !== '');
  /**
   * Up to `perKind` queries from `make` (returns undefined when an entity does not fit), bounded attempts.
   * @param {QueryKind} kind
   * @param {(e: Entity) => string | undefined} make
   */
  const fill = (kind, make) => {
    let made = 0;
    for (let attempts = 0; made < perKind && attempts < perKind * 200; attempts++) {
      const e = entity();
      const term = make(e);
      if (term === undefined || term.trim() === '') continue;
      out.push({ kind, term, expectedId: e.id });
      made++;
    }
  };
  fill('exact', (e) => (e.aka !== undefined && e.aka.length > 0 && rnd() < 0.3 ? any(e.aka, rnd).name : e.name));
  fill('typo', (e) => {
    const w = ws(e);
    const long = w.map((x, i) => [x, i]).filter(([x]) => /^[A-Za-z]{5,}$/.test(/** @type {string} */ (x)));
    if (long.length === 0) return undefined;
    const [x, i] = any(long, rnd);
    w[/** @type {number} */ (i)] = typo(/** @type {string} */ (x), rnd);
    return w.join(' ');
  });
  fill('reordered', (e) => {
    const w = ws(e);
    if (w.length < 2 || e.entity_type !== 'person') return undefined;
    return [w[w.length - 1], ...w.slice(0, -1)].join(' ');
  });
  fill('partial', (e) => {
    const w = ws(e);
    if (w.length < 3 || e.entity_type !== 'person') return undefined;
    const drop = 1 + Math.floor(rnd() * (w.length - 2));
    return w.filter((_, i) => i !== drop).join(' ');
  });
  fill('phonetic', (e) => {
    if (e.entity_type !== 'person') return undefined;
    const w = ws(e);
    const order = w.map((_, i) => i);
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(rnd() * (i + 1));
      [order[i], order[j]] = [/** @type {number} */ (order[j]), /** @type {number} */ (order[i])];
    }
    for (const i of order) {
      const x = /** @type {string} */ (w[i]);
      let y = PHONETIC_WORDS.get(x);
      if (y === undefined) {
        const rules = PHONETIC_RULES.filter(([re]) => re.test(x.toLowerCase()));
        if (rules.length === 0) continue;
        const [re, to] = any(rules, rnd);
        y = cap(x.toLowerCase().replace(re, to));
      }
      if (y === x || y.length < 2) continue;
      w[i] = y;
      return w.join(' ');
    }
    return undefined;
  });
  const onList = listWords(entities);
  let made = 0;
  for (let attempts = 0; made < perKind && attempts < perKind * 100; attempts++) {
    const parts = [any(HELD_OUT_GIVEN, rnd)];
    if (rnd() < 0.25) parts.push(any(HELD_OUT_GIVEN, rnd));
    parts.push(any(HELD_OUT_SURNAME, rnd));
    if (parts.some((p) => onList.has(p.toLowerCase()))) continue;
    out.push({ kind: 'non-matching', term: parts.join(' ') });
    made++;
  }
  return out;
}

/**
 * `count` names of people on no list (held-out name parts), deterministic in `seed`; for false-positive rates
 * against any list (e.g. OFAC).
 * @param {number} count
 * @param {number} [seed]
 * @param {Iterable<Entity>} [exclude] entities whose words the names must avoid
 * @returns {string[]}
 */
export function generateNonMatchingNames(count, seed = 1, exclude = []) {
  const rnd = mulberry32(seed ^ 0x27d4eb2f);
  const onList = listWords(exclude);
  /** @type {string[]} */
  const out = [];
  const seen = new Set();
  for (let attempts = 0; out.length < count && attempts < count * 100; attempts++) {
    const parts = [any(HELD_OUT_GIVEN, rnd)];
    if (rnd() < 0.25) parts.push(any(HELD_OUT_GIVEN, rnd));
    parts.push(any(HELD_OUT_SURNAME, rnd));
    const name = parts.join(' ');
    if (seen.has(name) || parts.some((p) => onList.has(p.toLowerCase()))) continue;
    seen.add(name);
    out.push(name);
  }
  return out;
}
