/** How Dragon's Lair is explained: `help dragons lair`, worded with a table's settings and the host's words. */
import { hanging } from '../../text/markup.js';
import type { HostWords } from '../api.js';
import type { DragonsLairSettings } from './rules.js';

/** One paragraph a line: the output path wraps them to the player's screen. */
export const help = (s: DragonsLairSettings, words: HostWords): string =>
  [
    `Dragon's Lair (${s.minPlayers} to ${s.maxPlayers} players): knights and wizards raid two dragons' lairs for treasure, while wizards and thieves rob the other players.`,
    `Starting: sit at the lair table; when ${s.minPlayers} to ${s.maxPlayers} are seated, anyone types start. Each player antes ${words.money(s.ante)} into the bank (game coins). Four cards are dealt to each player and two dragons are laid face down, one at each lair.`,
    'Cards: aces to tens. Hearts are knights, diamonds wizards, clubs leprechauns, spades thieves (ace = 1). Dragons are jacks (13), queens (15) and kings (17). Name a card like 7h, 10d, ac, or knight 7, wizard 10.',
    `A turn: two passes round the table, starting with the dealer and going left (down the list in ${words.look('<table>')}). On each pass you play one card or hold; ${s.choiceMs / 1000} seconds without a choice is a hold.`,
    hanging('  play 7h lair 1', 'lay a knight face down at a lair.', 20),
    hanging('  play 9d lair 2', 'lay a wizard at a lair: it helps knights there; alone it can kill a dragon but takes no treasure.', 20),
    hanging('  play 9d ana', 'send a wizard against a player: it picks a card from their hand at random and both are discarded if the wizard is as high or higher; else only the wizard goes.', 20),
    hanging('  play 5c', 'a leprechaun: take its value in game coins from the bank.', 20),
    hanging('  play 8s ana', 'a thief: take its value in game coins from that player (what they have).', 20),
    `Reveal: after the second pass every card laid at a lair is turned up with its dragon. A lair falls when the cards laid there add up to more than the dragon. Knights from a won fight go home; from a lost fight they are discarded. Wizards that helped knights are always discarded; wizards that fought alone go home. When knights take a lair, one die tells the treasure. A lone attacker takes it all; several attackers have ${s.negotiationMs / 1000} seconds to agree: one proposes with split ana 3 bo 1, the others type agree; no agreement in time and nobody gets anything.`,
    `End of turn: everyone gets 1 game coin from the bank, draws a card (the discards are shuffled in when the draw pile runs short), and discards down to ${s.maxHand} cards (discard <card>; after ${s.discardMs / 1000} seconds the lowest cards go). Dead dragons are replaced face down and the deal moves left.`,
    `The end: after ${s.rounds} turns, or when the bank is empty, your game coins and an even share of what is left in the bank are paid back as ${words.moneyName}. Standing up mid-game discards your hand, but your game coins are still paid at the end.`,
    `Your hand is yours alone: hand shows it; ${words.look('<table>')} shows the lairs, who laid how many cards where, every player's card count and game coins, the bank, and whose turn it is.`,
  ].join('\n');

