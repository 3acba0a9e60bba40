// Whole games of Kaffee für Catan: builder and random agents, 3 and 4 players, every invariant
// checked (token and piece conservation, fifty_beans, resources_conserved, one_robber,
// one_pirate); they end by the scenario's ends, and both back ends play alike. (Which ends, and how
// often, is what `houserules simulate` reports: see the README.)
import { describeTradingMapGames } from '../../test/trading-map-games.ts';

describeTradingMapGames({ title: 'Kaffee für Catan, whole games', file: 'kaffee/kaffee.rules', playerPool: 'beans', token: 'bean', total: 50 });
