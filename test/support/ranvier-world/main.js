'use strict';
/**
 * The start script of the tests' Ranvier world, written for them after the stock `ranvier`
 * executable: a GameState of the core's managers, the bundles loaded from bundles/, the server's
 * startup event (the test-world bundle's telnet server listens then), and the game loop's ticks.
 * PORT: the port to listen on (0, the default: any free one).
 */
const Ranvier = require('ranvier');

const root = __dirname;
Ranvier.Data.setDataPath(`${root}/data/`);
Ranvier.Config.load(require('./ranvier.json'));
Ranvier.Logger.setLevel(process.env.LOG_LEVEL || 'warn');

async function main() {
  const { Config } = Ranvier;
  const state = {
    AccountManager: new Ranvier.AccountManager(),
    AreaBehaviorManager: new Ranvier.BehaviorManager(),
    AreaFactory: new Ranvier.AreaFactory(),
    AreaManager: new Ranvier.AreaManager(),
    AttributeFactory: new Ranvier.AttributeFactory(),
    ChannelManager: new Ranvier.ChannelManager(),
    CommandManager: new Ranvier.CommandManager(),
    Config,
    EffectFactory: new Ranvier.EffectFactory(),
    HelpManager: new Ranvier.HelpManager(),
    InputEventManager: new Ranvier.EventManager(),
    ItemBehaviorManager: new Ranvier.BehaviorManager(),
    ItemFactory: new Ranvier.ItemFactory(),
    ItemManager: new Ranvier.ItemManager(),
    MobBehaviorManager: new Ranvier.BehaviorManager(),
    MobFactory: new Ranvier.MobFactory(),
    MobManager: new Ranvier.MobManager(),
    PartyManager: new Ranvier.PartyManager(),
    PlayerManager: new Ranvier.PlayerManager(),
    QuestFactory: new Ranvier.QuestFactory(),
    QuestGoalManager: new Ranvier.QuestGoalManager(),
    QuestRewardManager: new Ranvier.QuestRewardManager(),
    RoomBehaviorManager: new Ranvier.BehaviorManager(),
    RoomFactory: new Ranvier.RoomFactory(),
    RoomManager: new Ranvier.RoomManager(),
    SkillManager: new Ranvier.SkillManager(),
    SpellManager: new Ranvier.SkillManager(),
    ServerEventManager: new Ranvier.EventManager(),
    GameServer: new Ranvier.GameServer(),
    DataLoader: Ranvier.Data,
    EntityLoaderRegistry: new Ranvier.EntityLoaderRegistry(),
    DataSourceRegistry: new Ranvier.DataSourceRegistry(),
  };
  state.DataSourceRegistry.load(require, root, Config.get('dataSources'));
  state.EntityLoaderRegistry.load(state.DataSourceRegistry, Config.get('entityLoaders'));
  state.AccountManager.setLoader(state.EntityLoaderRegistry.get('accounts'));
  state.PlayerManager.setLoader(state.EntityLoaderRegistry.get('players'));
  state.BundleManager = new Ranvier.BundleManager(`${root}/bundles/`, state);
  await state.BundleManager.loadBundles();
  state.ServerEventManager.attach(state.GameServer);
  state.GameServer.startup({ port: Number(process.env.PORT || 0) });
  setInterval(() => {
    state.AreaManager.tickAll(state);
    state.ItemManager.tickAll();
  }, Config.get('entityTickFrequency', 100));
  setInterval(() => state.PlayerManager.emit('updateTick'), Config.get('playerTickFrequency', 100));
  process.on('SIGTERM', () => {
    state.GameServer.shutdown();
    process.exit(0);
  });
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
