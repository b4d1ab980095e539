// Names of people from countries that write Latin script, accented as they are at home. 'A/B' lists spellings of
// one name (German 'Müller/Mueller', Balkan 'Đorđević/Djordjevic').

export type LatinStructure =
  | 'western' // given [middle] surname
  | 'hispanic' // given [second given] paternal maternal
  | 'eastern' // surname given (Chinese, Korean, Vietnamese), given may be two syllables
  | 'mononym'

export interface LatinCulture {
  id: string
  countries: string[]
  structure: LatinStructure
  male: string[]
  female: string[]
  surnames: string[]
  /** Eastern names: second syllables of given names ('Xiao' + 'ming'). */
  syllables?: string[]
}

const words = (text: string) => text.trim().split(/\s+/)

export const LATIN_CULTURES: LatinCulture[] = [
  {
    id: 'chinese', countries: ['cn', 'hk', 'sg'], structure: 'eastern',
    male: words('Wei Jian Ming Qiang Jun Yong Jie Tao Chao Gang Guang Hong Hao Kai Long Peng Xin Zhi Bin Dong Feng Hai Xiao Zhen Zhong Jianguo Guoqiang'),
    female: words('Fang Jing Li Min Yan Xiu Ying Hua Hui Ping Lan Mei Na Xia Yun Juan'),
    surnames: words('Wang Li Zhang Liu Chen Yang Huang Zhao Wu Zhou Xu Sun Ma Zhu Hu Guo Lin Gao Luo Zheng Liang Xie Song Tang Han Feng Deng Cao Peng Zeng Tian Dong Pan Yuan Cai Jiang Du Cheng Su Lu Qian Shen Kong'),
    syllables: words('ming hua wei jun qiang lin feng long hai bo jie yang yi xin hong ping'),
  },
  {
    id: 'korean', countries: ['kp', 'kr'], structure: 'eastern',
    male: words('Jong Myong Kwang Yong Song Chol Hyon Il Chang Tae Sung Hak Nam Dong'),
    female: words('Yo Sol Hyon Kyong Ok Hye Mi Un'),
    surnames: words('Kim Ri Pak Choe Jong Kang Jo Yun Jang Han O Hwang Ryu Jon Ho'),
    syllables: words('un chol ho nam il su jin hui sik gun'),
  },
  {
    id: 'vietnamese', countries: ['vn'], structure: 'eastern',
    male: words('Văn Đức Minh Hữu Quang Thanh Công Xuân'),
    female: words('Thị Ngọc Thu Kim'),
    surnames: words('Nguyễn Trần Lê Phạm Hoàng Huỳnh Phan Vũ Võ Đặng Bùi Đỗ Hồ Ngô Dương Lý'),
    syllables: words('An Bình Cường Dũng Hùng Hải Huy Khánh Long Nam Phong Quân Sơn Thắng Tuấn Việt Hương Lan Linh Mai Thảo Trang'),
  },
  {
    id: 'hispanic', countries: ['mx', 'co', 've', 'ni', 'cu', 'pa', 'ar', 'es', 'pe'], structure: 'hispanic',
    male: words('José Juan Luis Carlos Jorge Miguel Pedro Alejandro Fernando Javier Rafael Ramón Diego Andrés Héctor Óscar Raúl Sergio Jesús Joaquín Nicolás Ismael Rodrigo Hugo Iván Tareck Diosdado'),
    female: words('María Carmen Ana Rosa Lucía Isabel Patricia Verónica Gabriela Adriana Claudia Mónica Delcy Cilia'),
    surnames: words('García Rodríguez Martínez Hernández López González Pérez Sánchez Ramírez Torres Flores Rivera Gómez Díaz Cruz Morales Ortiz Gutiérrez Chávez Ramos Ruiz Álvarez Mendoza Castillo Jiménez Vargas Romero Herrera Medina Aguilar Guzmán Castro Zambada Caro Quintero Fonseca Maduro Cabello Ortega Murillo Saab Carvajal Padrino Reverol Arreaza Moros Beltrán Treviño Villarreal Salazar'),
  },
  {
    id: 'portuguese', countries: ['br', 'pt', 'ao', 'mz'], structure: 'western',
    male: words('João José Antônio Francisco Paulo Marcos Luiz Pedro Rogério Sérgio Fábio Márcio Caetano'),
    female: words('Ana Maria Fernanda Juliana Conceição Luísa Beatriz'),
    surnames: words('Silva Santos Oliveira Souza Pereira Costa Ferreira Rodrigues Almeida Carvalho Gonçalves Araújo Ribeiro Lima Barbosa Moraes Cardoso Teixeira Magalhães Simões'),
  },
  {
    id: 'french', countries: ['fr', 'be', 'cd', 'ml', 'cf', 'ci', 'sn', 'ht'], structure: 'western',
    male: words('Jean Pierre Michel André François Jacques Philippe Louis René Étienne Jean-Pierre Jean-Luc Jean-Baptiste Jean-Claude Jérôme Thierry Félix Moïse Désiré Honoré'),
    female: words('Hélène Françoise Chloé Amélie Marie-Claire Anne-Sophie Élise Geneviève Cécile'),
    surnames: words('Martin Bernard Dubois Thomas Robert Richard Petit Durand Leroy Moreau Simon Laurent Lefèvre David Bertrand Roux Vincent Fournier Morel Girard Lefebvre Mercier Dupont Lambert Bonnet Gauthier Chevalier Rousseau Blanc Guérin Boyer Faure Clément Renaud Kabila Tshisekedi Katumbi Mbemba Bozizé Touadéra Goïta Ouattara Gbagbo Duvalier'),
  },
  {
    id: 'german', countries: ['de', 'at', 'ch'], structure: 'western',
    male: words('Hans Peter Klaus Jürgen Günter Wolfgang Dieter Uwe Stefan Matthias Jörg Björn Frank Thomas Markus Andreas'),
    female: words('Ursula Sabine Petra Birgit Jutta Monika Anja Käthe Gisela'),
    surnames: words('Müller/Mueller Schmidt Schneider Fischer Weber Meyer Wagner Becker Schulz Hoffmann Schäfer/Schaefer Koch Bauer Richter Klein Wolf Schröder/Schroeder Neumann Schwarz Zimmermann Braun Krüger/Krueger Hofmann Hartmann Lange Werner Krause Lehmann Köhler/Koehler Maier Weiß/Weiss Jäger/Jaeger Groß/Gross Vogel Friedrich Kühn/Kuehn Brandt Haas Schubert'),
  },
  {
    id: 'english', countries: ['gb', 'us', 'ca', 'au', 'ie', 'za', 'nz'], structure: 'western',
    male: words('John James Robert Michael William David Richard Thomas Charles Christopher Daniel Matthew Anthony Mark Paul Steven Andrew Kenneth George Edward Brian Kevin Patrick Sean'),
    female: words('Mary Patricia Jennifer Linda Elizabeth Barbara Susan Jessica Sarah Karen Margaret Emily Rebecca'),
    surnames: words("Smith Johnson Williams Brown Jones Miller Davis Wilson Anderson Taylor Moore Jackson Thompson White Harris Clark Lewis Robinson Walker Young Allen King Wright Scott Hill Green Adams Baker Nelson Carter Mitchell Roberts Turner Phillips Campbell Parker Evans Edwards Collins Stewart Morris Murphy Cook Rogers O'Brien O'Connor McDonald MacLeod Fitzgerald O'Sullivan"),
  },
  {
    id: 'turkish', countries: ['tr', 'cy', 'az'], structure: 'western',
    male: words('Mehmet Mustafa Ahmet Hüseyin İbrahim İsmail Osman Murat Ömer Ramazan Halil Süleyman Mahmut Recep Şükrü Çağlar Gökhan Sezgin'),
    female: words('Fatma Ayşe Emine Hatice Zeynep Elif Gülşen Özlem'),
    surnames: words('Yılmaz Kaya Demir Şahin Çelik Yıldız Yıldırım Öztürk Aydın Özdemir Arslan Doğan Kılıç Aslan Çetin Kara Koç Kurt Özkan Şimşek Polat Korkmaz Erdoğan Karaca Güneş Zarrab Aliyev Mammadov Hasanov'),
  },
  {
    id: 'polish', countries: ['pl'], structure: 'western',
    male: words('Piotr Krzysztof Andrzej Tomasz Paweł Jan Michał Marcin Łukasz Grzegorz Wojciech Zbigniew'),
    female: words('Agnieszka Małgorzata Katarzyna Joanna Żaneta'),
    surnames: words('Nowak Kowalski Wiśniewski Wójcik Kowalczyk Kamiński Lewandowski Zieliński Szymański Woźniak Dąbrowski Kozłowski Jankowski Mazur Kwiatkowski Wróbel Pawłowski Michalski Król Wieczorek'),
  },
  {
    id: 'balkan', countries: ['rs', 'ba', 'hr', 'me', 'mk'], structure: 'western',
    male: words('Aleksandar Milan Dragan Zoran Goran Nenad Miloš Dejan Slobodan Ratko Radovan Željko Nikola Vojislav Dušan Branislav'),
    female: words('Jelena Snežana Biljana Dragana Ljiljana'),
    surnames: words('Jovanović/Jovanovic Petrović/Petrovic Nikolić/Nikolic Marković/Markovic Đorđević/Djordjevic Stojanović/Stojanovic Ilić/Ilic Stanković/Stankovic Pavlović/Pavlovic Milošević/Milosevic Karadžić/Karadzic Mladić/Mladic Kovačević/Kovacevic Babić/Babic Popović/Popovic Lukić/Lukic Hadžić/Hadzic Šešelj/Seselj Dodik Vučić/Vucic'),
  },
  {
    id: 'african', countries: ['ng', 'gh', 'ke', 'zw', 'ss', 'ug', 'rw', 'et', 'so', 'er'], structure: 'western',
    male: words('Emmanuel Chukwuemeka Oluwaseun Adebayo Kwame Kofi Yaw Tendai Tatenda Godfrey Joseph Tesfaye Abiy Yoweri Uhuru Salva Riek Abdi Isaias Paul Obiora Babatunde'),
    female: words('Grace Ngozi Chiamaka Adaeze Abena Tsitsi Wanjiru Amara'),
    surnames: words('Okafor Okonkwo Adeyemi Olawale Mensah Boateng Owusu Mugabe Mnangagwa Chiwenga Museveni Kenyatta Ruto Odinga Kiir Machar Abdullahi Farah Kagame Nkurunziza Afwerki Tsvangirai Obasanjo Buhari Abacha Dangote Nwosu Eze Oyelaran Chikwanha Gumede Mwangi Otieno Kiprop'),
  },
  {
    id: 'indian', countries: ['in', 'lk', 'np', 'bd'], structure: 'western',
    male: words('Rajesh Suresh Ramesh Amit Sanjay Vijay Anil Sunil Rahul Arjun Vikram Pradeep Manoj Deepak Nirav Mehul Vijaykumar'),
    female: words('Priya Sunita Anjali Kavita Pooja Lakshmi Meena'),
    surnames: words('Sharma Verma Gupta Singh Kumar Patel Reddy Rao Nair Iyer Mehta Chopra Malhotra Agarwal Bose Das Chatterjee Mukherjee Banerjee Modi Choksi Mallya Bhandari Pillai Menon'),
  },
  {
    id: 'greek', countries: ['gr', 'cy'], structure: 'western',
    male: words('Georgios/Giorgos Dimitrios/Dimitris Konstantinos/Kostas Ioannis/Giannis Nikolaos/Nikos Panagiotis Christos Vasileios/Vasilis Athanasios Evangelos'),
    female: words('Maria Eleni Aikaterini Vasiliki Sofia'),
    surnames: words('Papadopoulos Georgiou Nikolaou Christodoulou Ioannou Vlachos Angelopoulos Papageorgiou Karamanlis Papandreou Oikonomou Makris Dimitriou Konstantinou Pappas'),
  },
  {
    id: 'indonesian', countries: ['id', 'my'], structure: 'mononym',
    male: words('Suharto Sukarno Sutrisno Hartono Supriyadi Wiranto Prabowo Bambang Joko Agus Slamet'),
    female: words('Megawati Suharti Sumarni Wulandari'),
    surnames: [],
  },
]
