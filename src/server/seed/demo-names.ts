/**
 * Word lists for the demo members (see demo-data.server.ts). Everything here is
 * invented for Kingside's demo data: plain constants, no randomness.
 */

/** Flair codes the demo data hands out; "nothing" is the placeholder every non-premium member has. */
export const demoFlairCodes = [
  "nothing",
  "crown",
  "star",
  "diamond_traditional",
  "pawn_traditional",
  "knight",
  "rook",
  "queen",
  "heart",
  "fire",
  "lightning",
  "tree",
  "pumpkin",
  "snowflake",
  "rocket",
] as const;
export type DemoFlairCode = (typeof demoFlairCodes)[number];

/** Which pool of first and last names a country's members draw from. */
export type NamePool =
  | "english"
  | "german"
  | "spanish"
  | "french"
  | "italian"
  | "russian"
  | "ukrainian"
  | "polish"
  | "czech"
  | "dutch"
  | "nordic"
  | "portuguese"
  | "indian"
  | "chinese"
  | "japanese"
  | "korean"
  | "turkish"
  | "arabic"
  | "hebrew"
  | "greek"
  | "hungarian"
  | "romanian"
  | "balkan"
  | "filipino"
  | "vietnamese"
  | "african"
  | "persian"
  | "international";

export interface DemoCountry {
  /** ISO 3166-1 alpha-2, upper case; "XX" for international accounts. */
  readonly code: string;
  /** Relative share of the demo members. */
  readonly weight: number;
  readonly timezone: string;
  /** One of the site's supported locales. */
  readonly language: string;
  readonly names: NamePool;
}

export const demoCountries: readonly DemoCountry[] = [
  { code: "US", weight: 40, timezone: "America/New_York", language: "en", names: "english" },
  { code: "GB", weight: 16, timezone: "Europe/London", language: "en", names: "english" },
  { code: "CA", weight: 8, timezone: "America/Toronto", language: "en", names: "english" },
  { code: "AU", weight: 6, timezone: "Australia/Sydney", language: "en", names: "english" },
  { code: "IE", weight: 3, timezone: "Europe/Dublin", language: "en", names: "english" },
  { code: "NZ", weight: 2, timezone: "Pacific/Auckland", language: "en", names: "english" },
  { code: "ZA", weight: 3, timezone: "Africa/Johannesburg", language: "en", names: "african" },
  { code: "DE", weight: 14, timezone: "Europe/Berlin", language: "de", names: "german" },
  { code: "AT", weight: 3, timezone: "Europe/Vienna", language: "de", names: "german" },
  { code: "CH", weight: 3, timezone: "Europe/Zurich", language: "de", names: "german" },
  { code: "ES", weight: 9, timezone: "Europe/Madrid", language: "es", names: "spanish" },
  { code: "MX", weight: 5, timezone: "America/Mexico_City", language: "es", names: "spanish" },
  { code: "AR", weight: 5, timezone: "America/Argentina/Buenos_Aires", language: "es", names: "spanish" },
  { code: "CO", weight: 3, timezone: "America/Bogota", language: "es", names: "spanish" },
  { code: "CL", weight: 2, timezone: "America/Santiago", language: "es", names: "spanish" },
  { code: "PE", weight: 2, timezone: "America/Lima", language: "es", names: "spanish" },
  { code: "FR", weight: 9, timezone: "Europe/Paris", language: "fr", names: "french" },
  { code: "BE", weight: 3, timezone: "Europe/Brussels", language: "nl-BE", names: "dutch" },
  { code: "IT", weight: 7, timezone: "Europe/Rome", language: "it", names: "italian" },
  { code: "RU", weight: 8, timezone: "Europe/Moscow", language: "ru", names: "russian" },
  { code: "BY", weight: 2, timezone: "Europe/Minsk", language: "be", names: "russian" },
  { code: "UA", weight: 5, timezone: "Europe/Kyiv", language: "uk", names: "ukrainian" },
  { code: "PL", weight: 6, timezone: "Europe/Warsaw", language: "pl", names: "polish" },
  { code: "CZ", weight: 2, timezone: "Europe/Prague", language: "cs", names: "czech" },
  { code: "NL", weight: 5, timezone: "Europe/Amsterdam", language: "nl", names: "dutch" },
  { code: "SE", weight: 3, timezone: "Europe/Stockholm", language: "sv", names: "nordic" },
  { code: "NO", weight: 4, timezone: "Europe/Oslo", language: "nb", names: "nordic" },
  { code: "DK", weight: 2, timezone: "Europe/Copenhagen", language: "da", names: "nordic" },
  { code: "FI", weight: 2, timezone: "Europe/Helsinki", language: "fi", names: "nordic" },
  { code: "IS", weight: 1, timezone: "Atlantic/Reykjavik", language: "is", names: "nordic" },
  { code: "PT", weight: 2, timezone: "Europe/Lisbon", language: "pt", names: "portuguese" },
  { code: "BR", weight: 7, timezone: "America/Sao_Paulo", language: "pt-BR", names: "portuguese" },
  { code: "IN", weight: 10, timezone: "Asia/Kolkata", language: "hi", names: "indian" },
  { code: "CN", weight: 4, timezone: "Asia/Shanghai", language: "zh", names: "chinese" },
  { code: "JP", weight: 2, timezone: "Asia/Tokyo", language: "ja", names: "japanese" },
  { code: "KR", weight: 2, timezone: "Asia/Seoul", language: "ko", names: "korean" },
  { code: "TR", weight: 4, timezone: "Europe/Istanbul", language: "tr", names: "turkish" },
  { code: "EG", weight: 2, timezone: "Africa/Cairo", language: "ar", names: "arabic" },
  { code: "AE", weight: 1, timezone: "Asia/Dubai", language: "ar", names: "arabic" },
  { code: "MA", weight: 1, timezone: "Africa/Casablanca", language: "ar", names: "arabic" },
  { code: "IL", weight: 2, timezone: "Asia/Jerusalem", language: "he", names: "hebrew" },
  { code: "GR", weight: 2, timezone: "Europe/Athens", language: "el", names: "greek" },
  { code: "HU", weight: 3, timezone: "Europe/Budapest", language: "hu", names: "hungarian" },
  { code: "RO", weight: 2, timezone: "Europe/Bucharest", language: "ro", names: "romanian" },
  { code: "RS", weight: 2, timezone: "Europe/Belgrade", language: "sr", names: "balkan" },
  { code: "HR", weight: 1, timezone: "Europe/Zagreb", language: "hr", names: "balkan" },
  { code: "PH", weight: 3, timezone: "Asia/Manila", language: "fil", names: "filipino" },
  { code: "VN", weight: 2, timezone: "Asia/Ho_Chi_Minh", language: "vi", names: "vietnamese" },
  { code: "NG", weight: 2, timezone: "Africa/Lagos", language: "en", names: "african" },
  { code: "KE", weight: 1, timezone: "Africa/Nairobi", language: "sw", names: "african" },
  { code: "IR", weight: 2, timezone: "Asia/Tehran", language: "fa", names: "persian" },
  { code: "XX", weight: 3, timezone: "UTC", language: "en", names: "international" },
];

interface NameLists {
  readonly first: readonly string[];
  readonly last: readonly string[];
}

export const demoNamePools: Readonly<Record<NamePool, NameLists>> = {
  english: {
    first: ["James", "Emily", "Oliver", "Sophie", "Jack", "Grace", "Henry", "Chloe", "Thomas", "Lucy", "Daniel", "Hannah", "Samuel", "Megan", "Ethan", "Abigail", "Nathan", "Rachel"],
    last: ["Smith", "Walker", "Hughes", "Bennett", "Carter", "Fletcher", "Morgan", "Reed", "Turner", "Parker", "Collins", "Hayes", "Brooks", "Foster", "Ward", "Price"],
  },
  german: {
    first: ["Lukas", "Anna", "Felix", "Lea", "Jonas", "Marie", "Tobias", "Katrin", "Matthias", "Sabine", "Florian", "Julia", "Stefan", "Lena"],
    last: ["Müller", "Schneider", "Fischer", "Weber", "Becker", "Hoffmann", "Richter", "Krause", "Wolf", "Neumann", "Braun", "Zimmermann"],
  },
  spanish: {
    first: ["Javier", "Lucía", "Pablo", "Carmen", "Diego", "Sofía", "Alejandro", "Marta", "Mateo", "Valentina", "Andrés", "Camila", "Sergio", "Elena"],
    last: ["García", "Martínez", "López", "Sánchez", "Romero", "Navarro", "Torres", "Ruiz", "Vargas", "Castillo", "Ortega", "Herrera"],
  },
  french: {
    first: ["Louis", "Camille", "Hugo", "Manon", "Antoine", "Chloé", "Julien", "Léa", "Maxime", "Inès", "Nicolas", "Amélie"],
    last: ["Martin", "Bernard", "Dubois", "Lefèvre", "Moreau", "Laurent", "Girard", "Rousseau", "Fontaine", "Mercier", "Blanc"],
  },
  italian: {
    first: ["Marco", "Giulia", "Luca", "Francesca", "Matteo", "Chiara", "Alessandro", "Sara", "Davide", "Elisa", "Lorenzo"],
    last: ["Rossi", "Bianchi", "Romano", "Colombo", "Ricci", "Greco", "Bruno", "Gallo", "Conti", "Marino", "Esposito"],
  },
  russian: {
    first: ["Dmitri", "Anastasia", "Sergei", "Ekaterina", "Alexei", "Olga", "Ivan", "Natalia", "Mikhail", "Irina", "Pavel", "Svetlana"],
    last: ["Ivanov", "Smirnov", "Kuznetsov", "Popov", "Sokolov", "Lebedev", "Kozlov", "Novikov", "Morozov", "Volkov", "Orlov"],
  },
  ukrainian: {
    first: ["Oleksandr", "Oksana", "Andriy", "Iryna", "Taras", "Kateryna", "Bohdan", "Yulia", "Mykola", "Halyna"],
    last: ["Shevchenko", "Kovalenko", "Bondarenko", "Tkachenko", "Kravchenko", "Melnyk", "Boyko", "Moroz", "Lysenko"],
  },
  polish: {
    first: ["Jakub", "Zofia", "Kacper", "Maja", "Piotr", "Agnieszka", "Tomasz", "Katarzyna", "Michał", "Magdalena"],
    last: ["Nowak", "Kowalski", "Wiśniewski", "Wójcik", "Kamiński", "Lewandowski", "Zieliński", "Szymański", "Dąbrowski"],
  },
  czech: {
    first: ["Jan", "Tereza", "Petr", "Veronika", "Ondřej", "Lucie", "Vojtěch", "Klára"],
    last: ["Novák", "Svoboda", "Dvořák", "Černý", "Procházka", "Kučera", "Veselý", "Horák"],
  },
  dutch: {
    first: ["Daan", "Sanne", "Bram", "Lotte", "Jeroen", "Femke", "Thijs", "Eline", "Ruben", "Anouk"],
    last: ["de Jong", "Jansen", "de Vries", "van Dijk", "Bakker", "Visser", "Smit", "Mulder", "Peeters", "Claes"],
  },
  nordic: {
    first: ["Erik", "Ingrid", "Lars", "Astrid", "Magnus", "Sigrid", "Anders", "Freya", "Mikkel", "Elin", "Aksel", "Saga"],
    last: ["Johansson", "Andersen", "Nilsson", "Hansen", "Lindqvist", "Larsen", "Virtanen", "Berg", "Dahl", "Jónsson", "Korhonen"],
  },
  portuguese: {
    first: ["João", "Beatriz", "Gabriel", "Mariana", "Rafael", "Larissa", "Tiago", "Ana", "Lucas", "Fernanda", "Rodrigo"],
    last: ["Silva", "Santos", "Oliveira", "Souza", "Pereira", "Costa", "Ferreira", "Almeida", "Carvalho", "Ribeiro"],
  },
  indian: {
    first: ["Arjun", "Priya", "Rohan", "Ananya", "Vikram", "Kavya", "Aditya", "Sneha", "Rahul", "Divya", "Karthik", "Meera"],
    last: ["Sharma", "Patel", "Iyer", "Reddy", "Nair", "Gupta", "Menon", "Rao", "Krishnan", "Joshi", "Desai"],
  },
  chinese: {
    first: ["Wei", "Xin", "Hao", "Ling", "Jun", "Mei", "Yu", "Jing", "Chen", "Yan"],
    last: ["Wang", "Li", "Zhang", "Liu", "Chen", "Yang", "Zhao", "Huang", "Zhou", "Wu"],
  },
  japanese: {
    first: ["Haruto", "Yui", "Sota", "Aoi", "Ren", "Hina", "Kaito", "Sakura"],
    last: ["Sato", "Suzuki", "Takahashi", "Tanaka", "Watanabe", "Ito", "Nakamura", "Kobayashi"],
  },
  korean: {
    first: ["Minjun", "Seoyeon", "Jiho", "Jiwoo", "Hyun", "Soyeon", "Donghyun", "Yuna"],
    last: ["Kim", "Lee", "Park", "Choi", "Jung", "Kang", "Cho", "Yoon"],
  },
  turkish: {
    first: ["Emre", "Elif", "Burak", "Zeynep", "Mert", "Ayşe", "Can", "Defne"],
    last: ["Yılmaz", "Kaya", "Demir", "Şahin", "Çelik", "Yıldız", "Aydın", "Öztürk"],
  },
  arabic: {
    first: ["Omar", "Layla", "Youssef", "Fatima", "Karim", "Nour", "Hassan", "Amira", "Tarek", "Salma"],
    last: ["Haddad", "Mansour", "Khalil", "Nasser", "Farouk", "Saleh", "Aziz", "Rahman", "Benali"],
  },
  hebrew: {
    first: ["Noam", "Tamar", "Eitan", "Yael", "Ariel", "Noa", "Itai", "Maya"],
    last: ["Cohen", "Levi", "Mizrahi", "Peretz", "Biton", "Friedman", "Avraham", "Katz"],
  },
  greek: {
    first: ["Nikos", "Eleni", "Giorgos", "Maria", "Kostas", "Sofia", "Dimitris", "Katerina"],
    last: ["Papadopoulos", "Georgiou", "Nikolaidis", "Vlachos", "Karalis", "Pappas", "Antoniou"],
  },
  hungarian: {
    first: ["Bence", "Zsófia", "Levente", "Eszter", "Péter", "Réka", "Gábor", "Anna"],
    last: ["Nagy", "Kovács", "Tóth", "Szabó", "Horváth", "Varga", "Kiss", "Molnár"],
  },
  romanian: {
    first: ["Andrei", "Ioana", "Mihai", "Elena", "Vlad", "Andreea", "Cristian", "Alexandra"],
    last: ["Popescu", "Ionescu", "Constantin", "Stan", "Dumitru", "Munteanu", "Radu"],
  },
  balkan: {
    first: ["Luka", "Milica", "Nikola", "Ana", "Marko", "Jelena", "Stefan", "Ivana"],
    last: ["Jovanović", "Petrović", "Horvat", "Kovačević", "Marković", "Babić", "Nikolić"],
  },
  filipino: {
    first: ["Jose", "Maria", "Paolo", "Angelica", "Miguel", "Kristine", "Carlo", "Joy"],
    last: ["Santos", "Reyes", "Cruz", "Bautista", "Mendoza", "Garcia", "Villanueva", "Dela Cruz"],
  },
  vietnamese: {
    first: ["Minh", "Linh", "Quang", "Thao", "Duc", "Huong", "Tuan", "Lan"],
    last: ["Nguyen", "Tran", "Le", "Pham", "Hoang", "Vu", "Dang", "Bui"],
  },
  african: {
    first: ["Thabo", "Amara", "Kwame", "Zanele", "Chinedu", "Wanjiru", "Tunde", "Nia", "Sipho", "Adaeze"],
    last: ["Okafor", "Mensah", "Nkosi", "Adeyemi", "Kamau", "Dlamini", "Otieno", "Botha", "Eze"],
  },
  persian: {
    first: ["Arash", "Shirin", "Kian", "Parisa", "Dariush", "Niloufar", "Reza", "Leila"],
    last: ["Ahmadi", "Hosseini", "Karimi", "Rezaei", "Moradi", "Tehrani", "Jafari"],
  },
  international: {
    first: ["Alex", "Sam", "Kim", "Robin", "Noor", "Ali", "Mika", "Jordan"],
    last: ["Novak", "Stone", "Rivera", "Lind", "Kaur", "Moreau", "Abe"],
  },
};

/** Chess words for usernames such as "SicilianDragon" or "quiet_bishop". */
export const demoChessNouns = [
  "Pawn", "Knight", "Bishop", "Rook", "Queen", "King", "Gambit", "Castle", "Fianchetto", "Endgame",
  "Zugzwang", "Tempo", "Fork", "Pin", "Skewer", "Outpost", "File", "Rank", "Diagonal", "Blunder",
  "Checkmate", "Stalemate", "Opening", "Dragon", "Najdorf", "Caro", "Grunfeld", "Catalan", "Benoni", "Dutch",
  "Ruy", "Italian", "Scotch", "Pirc", "London", "Sveshnikov", "Berlin", "Marshall", "Tarrasch", "Zwischenzug",
] as const;

export const demoAdjectives = [
  "Quiet", "Swift", "Lucky", "Brave", "Sneaky", "Silent", "Wild", "Clever", "Patient", "Bold",
  "Rusty", "Golden", "Iron", "Crimson", "Midnight", "Frozen", "Hungry", "Lazy", "Mighty", "Tactical",
  "Positional", "Doubled", "Isolated", "Passed", "Hanging", "Poisoned", "Backward", "Wandering", "Stubborn", "Cosmic",
] as const;

/** Hobby and nature words for usernames that are not about chess. */
export const demoOtherNouns = [
  "Falcon", "Otter", "Tiger", "Wolf", "Raven", "Fox", "Badger", "Panda", "Lynx", "Heron",
  "River", "Storm", "Comet", "Maple", "Cedar", "Harbor", "Summit", "Thunder", "Coffee", "Pixel",
  "Cactus", "Nomad", "Voyager", "Piano", "Lantern", "Meadow", "Glacier", "Canyon", "Mango", "Walrus",
] as const;

/** Syllables for invented handles such as "Zorvani" or "Kelmora". */
export const demoSyllables = [
  "ka", "ze", "lo", "mi", "ra", "to", "vi", "nu", "sha", "dor",
  "el", "an", "ric", "mar", "tal", "ven", "bor", "qui", "zan", "lex",
  "fi", "gro", "tha", "mo", "rin", "sol", "ul", "vek", "yan", "dri",
] as const;

/** Status texts members set for themselves (each at most 50 characters). */
export const demoStatusTexts = [
  "Playing the London, don't judge me",
  "1. e4 best by test",
  "Looking for a correspondence partner",
  "Back after a long break!",
  "Studying rook endgames this month",
  "Blitz addict, send challenges",
  "Club player from a small town",
  "Coach for juniors, ask me anything",
  "Trying to reach 1800 this year",
  "Sicilian or nothing",
  "On vacation until next week",
  "Streaming tonight at 8",
  "Tactics every morning with coffee",
  "Currently reading My System",
  "Slow games only, please",
  "Captain of the Tuesday club night",
  "New here, say hi!",
  "Always resigning one move too late",
  "King's Gambit accepted. Always.",
  "Chess960 convert",
  "Working on my calculation",
  "Arbiter at over-the-board weekends",
  "Queen's Gambit Declined enjoyer",
  "Happy to analyse your games",
] as const;
