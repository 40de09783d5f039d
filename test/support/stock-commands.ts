/**
 * The commands of the stock RanvierMUD world (its 18 example bundles, which come with
 * ranviermud's init script and not from npm), as each bundle declares them: the bundle's folder,
 * each command's word (its file's name) and aliases, in the order Ranvier loads them (folder
 * names sorted, each bundle's files sorted). The tests' worlds stand them in as commands that
 * answer whose they are (test/support/ranvier.ts, `stock`), so the tables meet the same command
 * table a host's stock world has.
 */
export const STOCK_COMMANDS: Record<string, Record<string, string[]>> = {
  'bundle-example-classes': { cast: [], skill: ['spell'], skills: ['abilities', 'spells'] },
  'bundle-example-combat': { consider: [], flee: [], kill: ['attack', 'slay'], pvp: [] },
  'bundle-example-commands': {
    commands: ['channels'],
    config: ['toggle', 'options', 'set'],
    credits: [],
    drop: [],
    emote: [':'],
    equipment: ['worn'],
    flush: [],
    get: ['take', 'pick', 'loot'],
    give: [],
    help: [],
    inventory: [],
    look: [],
    map: [],
    modaltest: [],
    open: ['close', 'lock', 'unlock'],
    put: [],
    queue: ['pending'],
    quit: [],
    remove: ['unwield', 'unequip'],
    save: [],
    scan: [],
    score: ['stats'],
    tnl: ['level', 'experience'],
    use: ['quaff', 'recite'],
    wear: ['wield'],
    who: [],
  },
  'bundle-example-debug': { hotfix: [], setadmin: [], shutdown: [], teleport: ['tp'] },
  'bundle-example-quests': { quest: ['accept'] },
  'player-groups': { ditch: [], follow: [], group: ['party'] },
  'simple-crafting': { craft: [], gather: [], resources: ['materials'] },
  'vendor-npcs': { shop: ['vendor', 'list', 'buy', 'sell', 'value', 'appraise', 'offer'] },
};

/** The stock world's channels (bundle-example-channels), which a typed word reaches when no command does. */
export const STOCK_CHANNELS = ['chat', 'say', 'tell', 'yell'];
