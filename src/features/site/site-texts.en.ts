import type { SiteText } from "./site-text.ts";

/**
 * The English text of the About page, the community policies and the
 * community guidelines. Long texts live in per-locale content files like this
 * one, not in the message catalogs (decision 0026): English is the source, a
 * translation is a site-texts.<locale>.ts beside it, and until one exists the
 * page shows the English text with a line saying so in the reader's language.
 */
export const englishSiteTexts: Readonly<Record<"about" | "policies" | "guidelines" | "help", SiteText>> = {
  about: {
    lead: "Kingside is an open-source chess community website: live and daily games of standard chess and Chess960, clubs, friends and follows, ratings and game archives, in ten languages.",
    sections: [
      {
        id: "what-it-is",
        heading: "What Kingside is",
        paragraphs: [
          "Kingside is built by volunteers as a place to play chess and meet other players without advertising or tracking. Members play live games with a clock or daily games with days per move, in standard chess or Chess960, rated with Glicko-2, climb the leaderboards of every rating, follow their progress on their statistics pages, and keep every game in their archive. They join clubs with a forum, notes and a chat, make friends, follow players, and see who is online and who is playing. A public API answers with players' and clubs' public profiles.",
        ],
        coming: "Team matches, vote chess, tournaments, puzzles and articles are on the way: their pages already exist and say so until each feature arrives.",
      },
      {
        id: "licence",
        heading: "Free software under the AGPL",
        paragraphs: [
          "Kingside is free software, released under the GNU Affero General Public License, version 3 or any later version (AGPL-3.0-or-later). You may run, study, share and change it. If you run a changed version for others over a network, the licence asks you to offer them its source code too, so that every Kingside stays open.",
          "It builds on other free software, among them chessops and chessground (GPL-3.0-or-later) for the rules and the board. The full licence text is in the LICENSE file of the source code.",
        ],
      },
      {
        id: "self-hosting",
        heading: "Run your own Kingside",
        paragraphs: [
          "A club, a school or a federation can run its own Kingside. On a machine with Node.js, \"npm install && npm start\" builds the site, creates an embedded database in ./data, and serves it on port 3000; nothing else is needed to try it.",
          "For a public site, set NODE_ENV=production, SITE_URL to the site's https address and DATABASE_URL to a PostgreSQL 15 or later database; add REDIS_URL to run several instances behind a load balancer. The README of the source code lists every setting.",
        ],
      },
      {
        id: "war-in-ukraine",
        heading: "Our stance on the war in Ukraine",
        paragraphs: [
          "Kingside condemns Russia's invasion of Ukraine, with the support of Belarus. Players from every country are welcome to play here, as individuals.",
          "Following the international sanctions, the Russian and Belarusian flags are not shown for players in verified events. Each flag's presentation is a setting the site's operators can turn off.",
        ],
      },
      {
        id: "contact",
        heading: "Rules and contact",
        paragraphs: [
          "Everyone on Kingside agrees to the community policies and follows the community guidelines. To report a member, open their card or profile and choose Report: the moderators read every report.",
        ],
      },
    ],
  },
  policies: {
    lead: "These policies say what Kingside expects of everyone who plays here, and what the moderators and staff do when someone does not meet it.",
    sections: [
      {
        id: "accounts",
        heading: "Accounts",
        paragraphs: ["One person, one account. Guests may play casual games without an account; friends, follows, clubs and rated games need one. Keep your password to yourself and turn on two-factor sign-in if you can."],
        list: [
          "Usernames and profiles must not insult, impersonate or advertise.",
          "You may close your account at any time; staff may close an account that breaks these policies.",
        ],
      },
      {
        id: "fair-play",
        heading: "Fair play",
        paragraphs: ["Play your own games with your own head. Using an engine, a book or another person's help during a rated game, or losing on purpose to change ratings, is cheating. Accounts closed for fair play carry the label Closed: Fair Play."],
      },
      {
        id: "conduct",
        heading: "Conduct",
        paragraphs: ["Treat other players with respect, in chat, in messages, in your status and in your profile. Accounts closed for abuse carry the label Closed: Abuse. The community guidelines say what respect means here, rule by rule."],
      },
      {
        id: "enforcement",
        heading: "How the rules are enforced",
        list: [
          "Report: anyone with an account can report a member from their card or profile, with a reason; reports go to the moderators' queue.",
          "Block: a member you block can no longer send you friend requests, follow you, challenge you or write notes about you; blocking also ends a friendship.",
          "Mute: a member you mute disappears from the chats you read, without being told.",
          "Moderators may warn, mute or remove someone from a chat; staff may close an account, reset a profile or stop a member from editing it. Moderators and staff cannot be blocked or reported through the card: write to the staff instead.",
        ],
      },
      {
        id: "privacy",
        heading: "Privacy",
        paragraphs: ["Kingside keeps what the site needs to work: your account, your games, your relationships and your settings. It shows no advertising and uses no tracking cookies. Reports of browser errors carry the error, your browser's name, your time zone and your username, nothing more."],
      },
    ],
  },
  guidelines: {
    lead: "The community guidelines are the rules of conduct that reports, blocks and mutes refer to. Repeated violations may restrict your account.",
    sections: [
      {
        id: "respect",
        heading: "Be respectful",
        list: [
          "No harassment: do not insult, threaten, stalk or pile on another player, in chat, in notes or anywhere else.",
          "No hate speech: nothing that attacks people for who they are, their nationality, religion, gender, sexuality or disability.",
          "No spam: no advertising, no repeated messages, no links to other sites that nobody asked for.",
          "No inappropriate profiles: names, avatars, statuses and bios must be fit for players of every age.",
          "No impersonation: do not pretend to be another player, a titled player, a moderator or staff.",
        ],
      },
      {
        id: "play-fair",
        heading: "Play fair",
        list: [
          "Play rated games alone, without engines, databases or advice.",
          "Do not stall a lost game: resign, or play on at a normal pace.",
          "Do not arrange results, and do not lose on purpose.",
        ],
      },
      {
        id: "reporting",
        heading: "When something goes wrong",
        paragraphs: [
          "Report the member from their card or profile and pick the reason that fits: spam, harassment, hate speech, cheating, an inappropriate profile, impersonation or something else. You can block them at the same time.",
          "Mute a member whose chat you would rather not read; block one who should not contact you. Neither is a punishment, and neither is shown to them.",
        ],
      },
    ],
  },
  help: {
    lead: "How Kingside works: finding a game, time controls, ratings, fair play, clubs, and keeping your privacy.",
    sections: [
      {
        id: "how-to-play",
        heading: "How to play here",
        paragraphs: [
          "Open Play and press Play: Kingside pairs you with a waiting player of the same time control, or puts your seek in the lobby until someone takes it. You can also take a seek from the lobby, or challenge a member from their profile or from your friends online on your home page.",
          "No account yet? Play as a guest: casual live games, without email or password. Sign up later and keep your games and your name.",
          "On the board, drag a piece or click it and then its square. Your games in progress are on your home page, the ones where it is your move first.",
        ],
      },
      {
        id: "time-controls",
        heading: "Time controls",
        paragraphs: [
          "A live game has a clock: minutes for the game plus seconds added after each move, written 3+2. Games expected to last under 3 minutes a player are bullet, under 8 minutes blitz, the rest rapid.",
          "A daily game gives you days per move (1 to 14): you move when it suits you. If a clock runs out, or the days for a move pass, the game is lost on time. Members can take a vacation, which pauses their daily games.",
        ],
      },
      {
        id: "ratings",
        heading: "Ratings",
        paragraphs: [
          "Rated games change your rating, by the Glicko-2 system, one rating for each kind of game: bullet, blitz, rapid, daily, and each variant. Everyone starts at 1500. While the system is still unsure of your strength, your rating is provisional and shown with a question mark, and it moves faster.",
          "Casual games change no rating. Guests play casual games only.",
        ],
      },
      {
        id: "fair-play",
        heading: "Fair play",
        paragraphs: [
          "Play your own moves: no engines, no help from other people or books during a game, and no second account. Leaving a lost game to run out the clock is bad manners; after a while away, your opponent may claim the win.",
          "If you think someone cheats or insults you, report them from their profile or their card.",
        ],
      },
      {
        id: "clubs",
        heading: "Clubs",
        paragraphs: [
          "Clubs bring players together: each has a forum, notes from its members, a chat and events. Some clubs let anyone join, others take requests or invitations. You can found your own club and invite your friends.",
          "Your home page shows your clubs' newest notes, topics and events.",
        ],
      },
      {
        id: "privacy-and-blocking",
        heading: "Privacy and blocking",
        paragraphs: [
          "Block a member from their profile and they can no longer challenge you, write to you or send you friend requests; mute them to stop seeing their chat. In your settings you choose whether others may send you friend requests, and what your home page's feed shows: what the players you follow did, or your own activity.",
          "Your email address is never shown to other members.",
        ],
      },
    ],
  },
};
