/**
 * Passwords too common to accept. The list is shipped with the site (no
 * outside service is asked): the best-known entries of the published
 * most-common-password lists, keyboard walks and digit runs, plus the usual
 * variants people make of a handful of favourite words (a number or a year
 * after it, a "!" at the end, leetspeak). Compared without regard to case.
 */

/** The most common passwords, as they appear on the published lists. */
const listedPasswords = [
  // Digits and runs
  "123456", "12345678", "123456789", "1234567890", "12345", "1234", "1234567", "123123", "123321", "654321",
  "987654321", "9876543210", "87654321", "7654321", "123123123", "321321", "112233", "11223344", "121212", "131313",
  "159753", "159357", "147258369", "741852963", "963852741", "123654", "1212121212", "12341234", "123412341234", "1q2w3e",
  "1q2w3e4r", "1q2w3e4r5t", "1q2w3e4r5t6y", "q1w2e3r4", "q1w2e3r4t5", "1qaz2wsx", "1qazxsw2", "zaq12wsx", "zaq1zaq1", "!qaz2wsx",
  "2wsx3edc", "qazwsx", "qazwsxedc", "qazwsxedcrfv", "1qaz!qaz", "12qwaszx", "a1b2c3d4", "a1b2c3", "abc123", "abcd1234",
  "abc12345", "abc123456", "123abc", "123qwe", "123qweasd", "123qweasdzxc", "qwe123", "qweasd", "qweasdzxc", "asd123",
  "zxc123", "zxcvbn", "zxcvbnm", "zxcvbnm123", "asdfgh", "asdfghjk", "asdfghjkl", "asdf1234", "asdfasdf", "qwerty",
  "qwerty1", "qwerty12", "qwerty123", "qwerty1234", "qwertyu", "qwertyui", "qwertyuiop", "qwertz", "qwertzuiop", "azerty",
  "azertyuiop", "ytrewq", "poiuytrewq", "mnbvcxz", "lkjhgfdsa", "abcdefg", "abcdefgh", "abcdefghi", "abcdefghij", "aaaaaa",
  "aaaaaaaa", "abcabc", "abcabcabc", "aa123456", "a123456", "a12345678", "qq123456", "1a2b3c4d", "passw0rd", "p@ssw0rd",
  "p@ssword", "pa$$word", "pa55word", "pass1234", "pass123", "password", "password1", "password12", "password123",
  "password1234", "passwort", "motdepasse", "contraseña", "contrasena", "haslo", "parola", "wachtwoord", "salasana", "jelszo",
  "senha", "sifre", "parol", "geheim", "secret", "secret123", "letmein", "letmein1", "letmein123", "welcome",
  "welcome1", "welcome123", "admin", "admin123", "admin1234", "administrator", "root", "toor", "changeme", "default",
  "guest", "test", "test123", "test1234", "testing", "testtest", "login", "login123", "user", "user123",
  "master", "master123", "access", "access14", "trustno1", "whatever", "nothing", "iloveyou", "iloveyou1", "iloveyou2",
  "iloveu", "loveyou", "lovely", "love123", "loveme", "lover", "princess", "princess1", "sunshine", "sunshine1",
  "shadow", "shadow1", "dragon", "dragon1", "monkey", "monkey1", "football", "football1", "baseball", "basketball",
  "soccer", "hockey", "tennis", "golfer", "jordan", "jordan23", "michael", "michael1", "jennifer", "jessica",
  "ashley", "amanda", "nicole", "daniel", "andrew", "joshua", "matthew", "charlie", "thomas", "robert",
  "william", "hunter", "hunter2", "buster", "tigger", "pepper", "ginger", "maggie", "bailey", "cookie",
  "chocolate", "cheese", "banana", "orange", "summer", "winter", "spring", "autumn", "freedom", "superman",
  "batman", "spiderman", "starwars", "pokemon", "naruto", "killer", "ranger", "harley", "mustang", "corvette",
  "ferrari", "porsche", "mercedes", "yamaha", "computer", "internet", "samsung", "google", "facebook", "youtube",
  "minecraft", "fortnite", "matrix", "thunder", "flower", "snoopy", "jasmine", "butterfly", "purple", "michelle",
  "hannah", "liverpool", "chelsea", "arsenal", "barcelona", "realmadrid", "juventus", "manchester", "yankees", "cowboys",
  "eagles", "steelers", "packers", "lakers", "dallas", "austin", "taylor", "jackson", "maverick", "phoenix",
  "silver", "golden", "diamond", "angel", "angel1", "angels", "baby", "babygirl", "babygirl1", "family",
  "friends", "forever", "blessed", "heaven", "jesus", "jesus1", "christ", "god", "lucky", "lucky7",
  "money", "money123", "qwerty12345", "michael123", "soccer1", "hello", "hello123", "hello1", "helloworld", "hi",
  "abcdef", "aaa111", "asdasd", "asdasdasd", "qweqwe", "qweqweqwe", "zzzzzz", "xxxxxx", "blink182", "linkinpark",
  "metallica", "nirvana", "slipknot", "eminem", "beatles", "genius", "nintendo", "playstation", "xbox360", "warcraft",
  "starcraft", "counterstrike", "mypassword", "mypass", "newpassword", "nopassword", "passpass", "password!", "iamthebest", "letsgo",
  "fuckyou", "fuckyou1", "asshole", "biteme", "sexy", "sexygirl", "pussycat", "hottie", "cutie", "poohbear",
  "teddybear", "doggy", "kitty", "kitten", "puppy", "rabbit", "tiger", "lion", "panther", "falcon",
  "ranger1", "scooter", "snowball", "sparky", "rocky", "buddy", "max", "molly", "sophie", "oliver",
  "qazxsw", "qwaszx", "zaqxsw", "1qw23e", "1q2w3e4", "q1w2e3", "q2w3e4r", "trustme", "changeme123", "secret1",
  "master1", "superstar", "rockstar", "superman1", "princesa", "tequiero", "teamo", "jetaime", "tiamo", "ichliebedich",
  "loveyou1", "anhyeuem", "wolf", "unicorn", "peanut", "pumpkin", "cupcake", "sweetie", "sweetheart", "darling",
  "samantha", "elizabeth", "victoria", "alexander", "benjamin", "christopher", "jonathan", "nicholas", "anthony", "patrick",
  "mickey", "minnie", "donald", "garfield", "scorpion", "slayer", "zeppelin", "mercury", "gandalf", "frodo",
  "chess", "chess123", "chess1234", "chessmaster", "chessplayer", "chessgame", "chessclub", "checkmate", "checkmate1", "stalemate",
  "grandmaster", "kingside", "queenside", "castling", "gambit", "queensgambit", "sicilian", "bishop", "knight", "pawn",
  "queen", "king", "rook", "magnus", "magnuscarlsen", "carlsen", "kasparov", "fischer", "bobbyfischer", "capablanca",
  "lichess", "chesscom", "chess.com", "e2e4e7e5", "e4e5nf3", "1.e4", "1e4e5", "nf3d5", "d4d5c4", "ruylopez",
];

/** Favourite words people decorate with numbers, years and punctuation. */
const decoratedWords = [
  "password", "passw0rd", "p@ssw0rd", "pass", "qwerty", "iloveyou", "football", "baseball", "soccer", "monkey",
  "dragon", "letmein", "welcome", "admin", "sunshine", "princess", "shadow", "master", "superman", "batman",
  "michael", "jordan", "hello", "charlie", "love", "abc", "test", "chess", "checkmate", "kingside",
  "summer", "winter", "spring", "autumn", "freedom", "secret", "angel", "money", "pokemon", "starwars",
];

const suffixes = [
  "1", "2", "3", "7", "12", "13", "21", "22", "23", "69",
  "99", "00", "01", "11", "123", "321", "1234", "12345", "123456", "!",
  "1!", "123!", "!!", "@", "#1", "?",
];

/** Years people append to a word; recent ones, so the list stays a list of real habits. */
const years = Array.from({ length: 2030 - 1980 + 1 }, (_, index) => String(1980 + index));

/** Repeated characters: 111111, 88888888, aaaaaaaaa ... */
function repeatedCharacters(): string[] {
  const characters = [..."0123456789abcxz"];
  return characters.flatMap((character) => [6, 7, 8, 9, 10, 12].map((length) => character.repeat(length)));
}

/** Ascending and descending digit runs of every length from 6 to 10, starting anywhere. */
function digitRuns(): string[] {
  const up = "01234567890123456789";
  const down = "98765432109876543210";
  const runs: string[] = [];
  for (let length = 6; length <= 10; length += 1) {
    for (let start = 0; start < 10; start += 1) runs.push(up.slice(start, start + length), down.slice(start, start + length));
  }
  return runs;
}

function decoratedVariants(): string[] {
  return decoratedWords.flatMap((word) => [
    ...suffixes.map((suffix) => word + suffix),
    ...years.map((year) => word + year),
    ...years.map((year) => word + year.slice(2)),
  ]);
}

const commonPasswords: ReadonlySet<string> = new Set(
  [...listedPasswords, ...repeatedCharacters(), ...digitRuns(), ...decoratedVariants()].map((password) => password.toLowerCase()),
);

/** How many distinct passwords the list refuses (the unit test keeps it at several hundred or more). */
export const commonPasswordCount = commonPasswords.size;

/** Whether a password is on the list of common passwords, without regard to case. */
export function isCommonPassword(password: string): boolean {
  return commonPasswords.has(password.toLowerCase());
}
