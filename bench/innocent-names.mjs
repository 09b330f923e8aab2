// @ts-check
/**
 * Name parts of people on no sanctions list, by culture, for the quality benchmark (bench/quality.mjs): cultures
 * absent or nearly absent from the OFAC SDN list (Nordic, Finnish, Hungarian, Greek, Basque, Polish and Czech,
 * Dutch, Japanese, Irish, Portuguese, Estonian, Thai), and English names as a control group of a culture the list
 * does hold. Written from general knowledge of common given names and surnames; no list was consulted.
 */

/** @param {string} s */
const words = (s) => s.split(/\s+/).filter((w) => w.length > 0);

/** @type {{ culture: string, given: string[], surname: string[], absent: boolean }[]} */
export const CULTURES = [
  {
    culture: 'Finnish',
    absent: true,
    given: words(`Aatu Eino Onni Vaino Lauri Juhani Pentti Tapio Eero Ilmari Kyosti Matti Jukka Pekka Kari Timo Heikki
      Antti Ville Jussi Teemu Sami Tuomas Aki Mikko Janne Aino Elina Kaisu Sirkka Tuula Riitta Pirjo Marjatta Leena
      Hannele Satu Minna Anu Tiina Johanna Kaija Annikki Helmi Sanna Saara Veera Aada Iida Emilia`),
    surname: words(`Virtanen Korhonen Nieminen Makinen Hamalainen Heikkinen Koskinen Jarvinen Lehtonen Salminen Tuominen
      Rantanen Halonen Laine Heinonen Niemi Saarinen Kinnunen Turunen Salonen Lehtinen Laitinen Hiltunen Mattila
      Savolainen Leinonen Kettunen Karjalainen Lahtinen Ahonen Pelkonen Hyvonen Kallio Manninen Seppala Rasanen
      Huttunen Jokinen Miettinen Nurmi Peltonen Rautio Vainio Toivonen Aaltonen Lindroos Kivela Pesonen`),
  },
  {
    culture: 'Hungarian',
    absent: true,
    given: words(`Zoltan Laszlo Gyorgy Istvan Tibor Bence Levente Csaba Ferenc Gergely Szabolcs Agoston Balazs Bela
      Denes Endre Gabor Geza Imre Jeno Karoly Lajos Miklos Nandor Ottokar Sandor Tamas Zsolt Attila Akos Zsofia
      Erzsebet Ildiko Reka Katalin Agnes Eniko Gyongyi Judit Krisztina Marta Orsolya Piroska Timea Viktoria Zsuzsanna
      Boglarka Dorottya Emese Kinga`),
    surname: words(`Nagy Kovacs Szabo Horvath Varga Molnar Nemeth Farkas Balogh Takacs Juhasz Szekeres Fekete Bodnar
      Pataki Toth Kiss Lakatos Meszaros Olah Simon Racz Fodor Szucs Torok Gulyas Kocsis Biro Fazekas Szalai Katona
      Soos Halasz Lukacs Kelemen Szilagyi Orban Deak Magyar Jakab Hegedus Bognar Vincze Gal Kozma Pinter Bakos
      Szanto Bartha Hajdu`),
  },
  {
    culture: 'Greek',
    absent: true,
    given: words(`Dimitrios Konstantinos Panagiotis Vasileios Spyridon Georgios Ioannis Nikolaos Christos Athanasios
      Evangelos Stavros Theodoros Kyriakos Michail Apostolos Charalampos Emmanouil Stylianos Anastasios Eleftheria
      Theodora Evangelia Vasiliki Eirini Aikaterini Despoina Chrysoula Paraskevi Kalliopi Sofia Panagiota Fotini
      Georgia Stavroula Dimitra Angeliki Konstantina Ourania Zoi`),
    surname: words(`Papadopoulos Georgiou Nikolaidis Konstantinidis Karagiannis Vlachos Oikonomou Christodoulou
      Papadakis Papageorgiou Pappas Antoniou Dimitriou Ioannidis Makris Triantafyllou Alexiou Panagiotopoulos
      Athanasiou Papanikolaou Stavropoulos Kyriakopoulos Theodorou Economou Chatzidakis Manolakis Tsakiris
      Lambrakis Karamanlis Zervas Kontos Mavridis Spanos Doukas Raptis Papadimitriou Koutsoukos Sotiropoulos
      Vassilakis Kalogeropoulos`),
  },
  {
    culture: 'Icelandic and Norwegian',
    absent: true,
    given: words(`Gudmundur Sigurdur Olafur Thorsteinn Bjarni Einar Gunnar Halldor Jon Magnus Ragnar Snorri Stefan
      Thorir Arni Baldur Eirikur Haukur Kristjan Trygve Sindre Eskil Torstein Leif Oddvar Ragnheidur Sigridur
      Gudrun Helga Ingibjorg Kristin Margret Solveig Thora Unnur Vigdis Astrid Ingrid Liv Solvi Sunniva Tuva`),
    surname: words(`Jonsdottir Sigurdsson Gudmundsson Olafsdottir Magnusson Kristjansson Einarsson Thorsson Gunnarsdottir
      Halldorsson Bjarnason Stefansdottir Haraldsson Arnason Ragnarsson Johannesson Hansen Johansen Olsen Larsen
      Andersen Pedersen Nilsen Kristiansen Jensen Karlsen Johnsen Pettersen Eriksen Berg Haugen Hagen Bakken
      Solberg Dahl Lund Halvorsen Moen Strand Lie`),
  },
  {
    culture: 'Basque',
    absent: true,
    given: words(`Iker Unai Gorka Aitor Ander Asier Eneko Gaizka Haritz Ibai Imanol Inaki Joseba Koldo Mikel Oier
      Peio Urko Xabier Jon Itziar Amaia Nerea Ainhoa Aitziber Arantxa Edurne Garazi Idoia Irati Leire Maialen
      Miren Nahia Olatz Uxue Zuriñe Ane Izaro Maite`),
    surname: words(`Etxeberria Goikoetxea Agirre Zubizarreta Urkijo Larranaga Arrieta Aranburu Arregi Azkue
      Bengoetxea Elizondo Etxebarria Garmendia Goenaga Ibarguren Irigoien Iturbe Lizarraga Mendizabal Olabarria
      Ormaetxea Otxoa Urrutia Uriarte Zabala Zubiaurre Zuloaga Aizpurua Altuna Amezaga Ansotegi Arrizabalaga
      Barrenetxea Beitia Egana Errasti Gabilondo Intxausti Lasa`),
  },
  {
    culture: 'Polish and Czech',
    absent: true,
    given: words(`Piotr Krzysztof Tomasz Pawel Michal Marcin Grzegorz Jakub Lukasz Mateusz Wojciech Bartosz Dariusz
      Zbigniew Jerzy Tadeusz Miroslaw Jiri Jan Petr Josef Pavel Martin Jaroslav Tomas Miroslav Zdenek Vaclav Karel
      Agnieszka Malgorzata Katarzyna Joanna Magdalena Ewa Dorota Beata Jadwiga Halina Zofia Wieslawa Jana Eva Hana
      Lenka Zuzana Veronika Tereza Lucie`),
    surname: words(`Nowak Kowalski Wisniewski Wojcik Kowalczyk Kaminski Lewandowski Zielinski Szymanski Wozniak
      Dabrowski Kozlowski Jankowski Mazur Kwiatkowski Krawczyk Piotrowski Grabowski Nowakowski Pawlowski Michalski
      Nowicki Adamczyk Dudek Zajac Wieczorek Jablonski Krol Majewski Olszewski Jaworski Wrobel Malinowski Pawlak
      Witkowski Walczak Stepien Gorski Rutkowski Michalak Svoboda Novotny Dvorak Cerny Prochazka Kucera Vesely
      Horak Nemec Pokorny Marek Pospisil Hajek Jelinek Kral Ruzicka Benes Fiala Sedlacek Dolezal`),
  },
  {
    culture: 'Dutch',
    absent: true,
    given: words(`Jeroen Bas Joost Maarten Sander Wouter Thijs Ruben Stijn Bram Daan Sven Jasper Niels Koen Pieter
      Willem Gerrit Hendrik Cornelis Marinus Teun Floris Jelle Femke Anouk Sanne Lotte Marieke Ingrid Annemiek
      Mirjam Wilhelmina Geertruida Johanna Fenna Roos Lieke Janneke Esmee Maaike`),
    surname: words(`DeJong Jansen DeVries VandenBerg VanDijk Bakker Janssen Visser Smit Meijer DeBoer Mulder DeGroot
      Bos Vos Peters Hendriks VanLeeuwen Dekker Brouwer DeWit Dijkstra Smits DeGraaf VanderMeer VanderLinden Kok
      Jacobs DeHaan Vermeulen VandenHeuvel VanderVeen VandenBroek DeBruijn DeBruin VanderHeijden Schouten Beek
      Willems VanVliet Hoekstra Maas Verhoeven Koster VanDam Prins Blom Huisman Kuipers Postma`),
  },
  {
    culture: 'Japanese',
    absent: true,
    given: words(`Hiroshi Takashi Kenji Satoshi Kazuo Yoshiaki Masato Daisuke Shota Haruto Yuto Sota Ren Kaito Takumi
      Naoki Tetsuya Shinji Katsuhiro Noboru Yuki Haruka Aoi Sakura Yui Mio Rin Nanami Misaki Ayaka Emi Kaori Keiko
      Naomi Yoko Michiko Fumiko Tomoko Chiyo Mayumi`),
    surname: words(`Sato Suzuki Takahashi Tanaka Watanabe Ito Yamamoto Nakamura Kobayashi Kato Yoshida Yamada Sasaki
      Yamaguchi Matsumoto Inoue Kimura Hayashi Shimizu Yamazaki Mori Abe Ikeda Hashimoto Yamashita Ishikawa Nakajima
      Maeda Fujita Ogawa Goto Okada Hasegawa Murakami Kondo Ishii Saito Sakamoto Endo Aoki Fujii Nishimura Fukuda
      Ota Miura Fujiwara Okamoto Matsuda Nakagawa Harada`),
  },
  {
    culture: 'Irish and Scottish',
    absent: true,
    given: words(`Aoife Ciara Niamh Siobhan Saoirse Grainne Orla Roisin Aisling Caoimhe Eimear Sinead Clodagh Muireann
      Deirdre Fionnuala Oisin Cian Darragh Padraig Eoin Ruairi Diarmuid Colm Cathal Donal Fergal Lorcan Tadhg Seamus
      Ciaran Declan Eamon Fionn Ronan Callum Hamish Angus Ewan Fraser`),
    surname: words(`Murphy Kelly OSullivan Walsh OBrien Byrne Ryan OConnor ONeill Reilly Doyle McCarthy Gallagher
      Doherty Kennedy Lynch Murray Quinn Moore McLoughlin Carroll Connolly Daly OConnell Dunne Brennan Burke Collins
      Campbell Clarke Johnston Hughes Farrell Fitzgerald Brown Martin Maguire Nolan Flynn Thompson Callaghan
      MacLeod MacDonald Fraser Robertson Stewart Sutherland Mackenzie Ross Munro`),
  },
  {
    culture: 'Portuguese and Brazilian',
    absent: true,
    given: words(`Joao Tiago Goncalo Rodrigo Duarte Afonso Vasco Rui Nuno Bruno Andre Diogo Pedro Luis Sergio Vitor
      Thiago Gustavo Leandro Caio Guilherme Matheus Henrique Otavio Fabio Ines Beatriz Leonor Matilde Carolina Mariana
      Joana Rita Catarina Raquel Filipa Luana Leticia Larissa Camila Fernanda Juliana Priscila Tatiane Vanessa`),
    surname: words(`Silva Santos Ferreira Pereira Oliveira Costa Rodrigues Martins Jesus Sousa Fernandes Goncalves
      Gomes Lopes Marques Alves Almeida Ribeiro Pinto Carvalho Teixeira Moreira Correia Mendes Nunes Soares Vieira
      Monteiro Cardoso Rocha Neves Coelho Cunha Pires Ramos Reis Simoes Antunes Matos Fonseca Machado Araujo
      Barbosa Tavares Lourenco Castro Figueiredo Azevedo Freitas`),
  },
  {
    culture: 'Estonian',
    absent: true,
    given: words(`Rasmus Kristjan Karl Markus Robin Oliver Martin Siim Tanel Priit Margus Urmas Tiit Toomas Jaan Andrus
      Indrek Rein Peeter Kalev Kadri Kertu Liis Maarja Triin Pille Mari Kristiina Evelin Helen Merike Reet Tiiu
      Sirje Eha Anu Katrin Piret Aet Kai`),
    surname: words(`Tamm Saar Sepp Magi Kask Kukk Rebane Ilves Parn Koppel Karu Lepik Kallas Ots Kuusk Mets Vaher
      Raudsepp Luik Laur Kivi Lill Paju Puusepp Kuusik Jogi Teder Oja Sild Toom Vares Kaasik Moller Rand Kangur
      Karro Aavik Raud Poder Uibo`),
  },
  {
    culture: 'Thai',
    absent: true,
    given: words(`Somchai Somsak Sombat Prasert Wichai Surachai Chaiwat Anan Kittisak Narongrit Pongsak Sakchai
      Thanakorn Wirat Yutthana Apichat Chatchai Ekachai Nattapong Pichit Siriporn Somporn Malee Pranee Wanida
      Kanya Ratana Sunisa Duangjai Nonglak Orathai Pornthip Suda Tassanee Wilai Yupin Achara Busaba Jintana Kannika`),
    surname: words(`Saetang Srisuk Wongsawat Chaiyaporn Rattanakul Thongchai Suwannarat Boonmee Charoensuk Kaewkla
      Phromma Sukhum Thammasat Rungruang Sirichai Wattana Jaidee Kongsiri Meesuk Noppakun Pongpanich Ruangsri
      Sangthong Sombatpanich Tangsiri Udomsak Vongsavan Chantarasombat Intharasombat Khamsuk`),
  },
  {
    culture: 'English (control)',
    absent: false,
    given: words(`James John Robert Michael William David Richard Joseph Thomas Charles Christopher Daniel Matthew
      Anthony Mark Paul Steven Andrew Kenneth Joshua Kevin Brian George Edward Ronald Timothy Jason Jeffrey Ryan
      Jacob Gary Nicholas Eric Jonathan Stephen Larry Justin Scott Brandon Benjamin Mary Patricia Jennifer Linda
      Elizabeth Barbara Susan Jessica Sarah Karen Lisa Nancy Betty Margaret Sandra Ashley Kimberly Emily Donna
      Michelle Carol Amanda Dorothy Melissa Deborah Stephanie Rebecca Sharon Laura Cynthia Kathleen Amy Angela
      Shirley Anna Brenda Pamela Emma Nicole Helen Samantha Katherine Christine Debra Rachel Carolyn Janet Mia`),
    surname: words(`Smith Johnson Williams Brown Jones Miller Davis Wilson Anderson Taylor Thomas Moore Jackson White
      Harris Martin Thompson Wood Lewis Scott Walker Young Allen King Wright Hill Green Adams Baker Nelson Carter
      Mitchell Roberts Turner Phillips Campbell Parker Evans Edwards Collins Stewart Morris Murphy Cook Rogers
      Morgan Cooper Peterson Bailey Reed Kelly Howard Cox Ward Richardson Watson Brooks Wood James Bennett Gray
      Hughes Price Sanders Myers Long Ross Foster Barrow Love Hale Fletcher Holmes Chapman Lawrence Hunt Dixon
      Webb Palmer Mason Knight Barker Spencer Gibson Pearce Lloyd Stone Harvey Wells`),
  },
];
