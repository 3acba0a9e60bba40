// Whole games of Diamond Islands: builder and random agents, 3 and 4 players, every invariant
// checked (token and piece conservation, thirty_diamonds, resources_conserved, one_robber,
// one_pirate); they end by the scenario's ends, and both back ends play alike. (Which ends, and how
// often, is what `houserules simulate` reports: see the README.)
import { describeTradingMapGames } from '../../test/trading-map-games.ts';

describeTradingMapGames({ title: 'Diamond Islands, whole games', file: 'diamond-islands/diamond-islands.rules', playerPool: 'gems', token: 'diamond', total: 30 });
