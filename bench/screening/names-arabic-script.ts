// Names written in Arabic script (Arabic, Persian, Dari, Urdu), each with the Latin spellings lists and forms use.
// 'native = Latin, Latin, …'; a family name whose native form starts with the article ال takes 'al-' in Latin.

export interface ScriptName {
  native: string
  latin: string[]
}

function parse (lines: string): ScriptName[] {
  return lines.trim().split('\n').map((line) => {
    const [native, latin] = line.split('=').map((side) => side.trim())
    return { native: native!, latin: latin!.split(',').map((spelling) => spelling.trim()) }
  })
}

export const ARABIC_MALE_GIVEN = parse(`
محمد = Mohammed, Muhammad, Mohamed, Mohammad
أحمد = Ahmed, Ahmad
علي = Ali
حسن = Hassan, Hasan
حسين = Hussein, Husain, Hussain, Husayn
عمر = Omar, Umar
عثمان = Othman, Uthman, Osman
خالد = Khalid, Khaled
يوسف = Youssef, Yusuf, Yousef
إبراهيم = Ibrahim, Ebrahim
عبد الله = Abdullah, Abdallah, Abd Allah
عبد الرحمن = Abdulrahman, Abdul Rahman, Abd al-Rahman, Abdelrahman
عبد العزيز = Abdulaziz, Abdel Aziz, Abd al-Aziz
عبد الكريم = Abdulkarim, Abdel Karim, Abd al-Karim
سعيد = Saeed, Said, Sayed
سعد = Saad
فيصل = Faisal, Faysal
ناصر = Nasser, Nasir
جمال = Jamal, Gamal
كريم = Karim, Kareem
مصطفى = Mustafa, Moustafa, Mostafa
محمود = Mahmoud, Mahmud
طارق = Tariq, Tarek
ياسر = Yasser, Yasir
سامي = Sami
رشيد = Rashid, Rasheed
سليمان = Suleiman, Sulayman, Soliman
إسماعيل = Ismail, Ismael
موسى = Musa, Moussa
عيسى = Issa, Isa
هشام = Hisham, Hesham
وليد = Walid, Waleed
زياد = Ziad, Ziyad
بشار = Bashar
ماهر = Maher
رامي = Rami
عماد = Imad, Emad
نبيل = Nabil, Nabeel
منصور = Mansour, Mansur
حمزة = Hamza, Hamzah
أسامة = Osama, Usama
أيمن = Ayman
عادل = Adel, Adil
صالح = Saleh, Salih
فهد = Fahd, Fahad
سلمان = Salman
بندر = Bandar
نايف = Nayef, Naif
طلال = Talal
جابر = Jaber, Jabir
قاسم = Qasim, Kassem, Qassem
هاني = Hani
مراد = Murad, Mourad
إدريس = Idris, Driss
يحيى = Yahya
زكريا = Zakaria, Zakariya
أنور = Anwar
عمار = Ammar
`)

export const ARABIC_FEMALE_GIVEN = parse(`
فاطمة = Fatima, Fatimah
عائشة = Aisha, Aysha
مريم = Maryam, Mariam
زينب = Zainab, Zeinab
خديجة = Khadija, Khadijah
ليلى = Layla, Leila
نور = Nour, Noor
سارة = Sara, Sarah
هدى = Huda, Hoda
أمينة = Amina, Aminah
سلمى = Salma
رانيا = Rania
`)

export const ARABIC_FAMILY = parse(`
الرشيد = Rashid, Rasheed
القحطاني = Qahtani, Kahtani
العتيبي = Otaibi, Utaybi
الشمري = Shammari, Shamari
الدوسري = Dosari, Dawsari
الزهراني = Zahrani
الغامدي = Ghamdi
المطيري = Mutairi, Mutayri
الحربي = Harbi
الخطيب = Khatib
المصري = Masri
البغدادي = Baghdadi
التكريتي = Tikriti
الحلبي = Halabi
الشامي = Shami
اليمني = Yamani, Yemeni
الكبيسي = Kubaisi, Kubaysi
الجبوري = Jubouri, Jaburi
الدليمي = Dulaimi, Dulaymi
العبيدي = Obeidi, Ubaydi
الساعدي = Saadi
الموسوي = Musawi, Moussawi
الحسيني = Husseini, Husayni
الهاشمي = Hashimi, Hashemi
الأسد = Assad, Asad
القاسمي = Qasimi, Qassimi
النعيمي = Nuaimi, Naimi
الكعبي = Kaabi
الأنصاري = Ansari
العمري = Omari, Umari
حداد = Haddad
خوري = Khoury, Khouri
نصر الله = Nasrallah, Nasrullah
عباس = Abbas
حمدان = Hamdan
شريف = Sharif, Sherif
حجازي = Hegazy, Hijazi
زيدان = Zaidan, Zeidan
مخلوف = Makhlouf, Makhluf
طلاس = Tlass
قباني = Qabbani, Kabbani
فرحات = Farhat
درويش = Darwish, Darwich
بركات = Barakat
عواد = Awad
صباغ = Sabbagh
عطية = Attia, Atiyah
جرادات = Jaradat
سلامة = Salameh, Salama
`)

/** Ruling families of the Gulf: آل (family of), written 'Al' in Latin. */
export const GULF_FAMILY = parse(`
آل سعود = Al Saud
آل نهيان = Al Nahyan
آل ثاني = Al Thani
آل مكتوم = Al Maktoum
آل خليفة = Al Khalifa
آل صباح = Al Sabah
`)

export const PERSIAN_MALE_GIVEN = parse(`
حسین = Hossein, Hosein, Hussein
رضا = Reza
علی = Ali
محمد = Mohammad, Mohammed, Mohamad
مهدی = Mehdi, Mahdi
محمود = Mahmoud, Mahmood
جواد = Javad
مجید = Majid
سعید = Saeed, Saeid
امیر = Amir
مسعود = Masoud, Massoud
قاسم = Ghasem, Qasem
کاظم = Kazem
اکبر = Akbar
عباس = Abbas
فرهاد = Farhad
بهروز = Behrouz, Behrooz
داوود = Davoud, Davood
ابراهیم = Ebrahim, Ibrahim
جعفر = Jafar
`)

export const PERSIAN_FEMALE_GIVEN = parse(`
زهرا = Zahra
مریم = Maryam
فاطمه = Fatemeh
شیرین = Shirin
نسرین = Nasrin
لیلا = Leila, Leyla
`)

export const PERSIAN_SURNAMES = parse(`
احمدی = Ahmadi
حسینی = Hosseini, Husseini
رضایی = Rezaei, Rezaie
محمدی = Mohammadi
کریمی = Karimi
جعفری = Jafari
موسوی = Mousavi, Musavi
رحیمی = Rahimi
صادقی = Sadeghi, Sadeqi
حیدری = Heidari, Haidari
قاسمی = Ghasemi, Qasemi
کاظمی = Kazemi
نوری = Nouri, Noori
سلیمانی = Soleimani, Suleimani
روحانی = Rouhani, Rowhani
ظریف = Zarif
لاریجانی = Larijani
رئیسی = Raisi, Raeesi
عراقچی = Araghchi, Araqchi
باقری = Bagheri, Baqeri
طهرانی = Tehrani
شریفی = Sharifi
زارعی = Zarei
امینی = Amini
نجفی = Najafi
اصفهانی = Esfahani, Isfahani
`)

/** Afghan and Pakistani names (Dari, Pashto, Urdu are written in Arabic script). */
export const SOUTH_ASIAN_MUSLIM_GIVEN = parse(`
عمران = Imran
آصف = Asif
نواز = Nawaz
شهباز = Shahbaz
بلال = Bilal
ذوالفقار = Zulfiqar, Zulfikar
گلبدین = Gulbuddin, Gulbudin
حامد = Hamid, Hamed
اشرف = Ashraf
نجیب = Najib, Najeeb
طارق = Tariq, Tarik
عثمان = Usman, Osman
`)

export const SOUTH_ASIAN_MUSLIM_SURNAMES = parse(`
خان = Khan
قریشی = Qureshi, Quraishi
صدیقی = Siddiqui, Siddiqi
ملک = Malik
اقبال = Iqbal
حقانی = Haqqani
اختر = Akhtar
یوسفزی = Yousafzai, Yusufzai
عزیزی = Azizi
نورزی = Noorzai, Nurzai
پوپلزی = Popalzai
احمدزی = Ahmadzai
`)
