// The demo region's sea lanes as a small graph of named waypoints: North Sea, German Bight and the Elbe up to
// Hamburg Waltershof, with the entries through which every previous port of the demo is reached.
//
// How it was authored: by hand, for Quayline, from public general knowledge of the traffic separation schemes
// and fairways (no OpenStreetMap, searoute or other third-party route data, whose licences we do not take on).
// Each waypoint was placed in open water a few kilometres clear of the nearest coast, island or bank. Checked
// against Natural Earth's 1:10m land (world-atlas, every 500 m along each edge): no open-sea waypoint or edge
// touches land; in the rivers and the canal that data set is too coarse to judge, there the fairway follows the
// river's course by hand. It is a demo-grade approximation of where ships go (TSS Terschelling-German Bight, Elbe
// approach, the Elbe fairway, Kiel Canal, Skagen, the English Channel and the Atlantic coast to Gibraltar), not a
// navigation aid.

export type TSeaLaneNodeKind = 'sea' | 'fairway' | 'canal';

export type TSeaLaneNode = {
  id: string;
  name: string;
  latitude: number;
  longitude: number;
  /** 'fairway': pilotage waters of a river (the Elbe, the Weser, the Scheldt); 'canal': the Kiel Canal. */
  kind: TSeaLaneNodeKind;
};

const node = (id: string, name: string, latitude: number, longitude: number, kind: TSeaLaneNodeKind = 'sea'): TSeaLaneNode => ({ id, name, latitude, longitude, kind });

export const SEA_LANE_NODES: readonly TSeaLaneNode[] = [
  // The Elbe, from the Elbe 1 light vessel (pilot station) up the fairway to Hamburg Waltershof.
  node('elbe-1', 'Elbe 1 (Elbe approach)', 54.017, 8.1, 'fairway'),
  node('elbe-scharhoern', 'Außenelbe off Scharhörn', 53.995, 8.3, 'fairway'),
  node('elbe-neuwerk', 'Außenelbe north of Neuwerk', 53.99, 8.45, 'fairway'),
  node('elbe-kugelbake', 'Elbe off Kugelbake', 53.945, 8.6, 'fairway'),
  node('elbe-cuxhaven', 'Elbe off Cuxhaven', 53.893, 8.72, 'fairway'),
  node('elbe-otterndorf', 'Elbe off Otterndorf', 53.86, 8.88, 'fairway'),
  node('elbe-brunsbuettel', 'Elbe off Brunsbüttel (pilot change)', 53.8917, 9.1418, 'fairway'),
  node('elbe-st-margarethen', 'Elbe off St. Margarethen', 53.862, 9.3, 'fairway'),
  node('elbe-brokdorf', 'Elbe off Brokdorf', 53.832, 9.35, 'fairway'),
  node('elbe-glueckstadt', 'Elbe off Glückstadt', 53.79, 9.37, 'fairway'),
  node('elbe-pagensand', 'Elbe west of Pagensand', 53.715, 9.455, 'fairway'),
  node('elbe-stade', 'Elbe off Stade-Bützfleth', 53.655, 9.535, 'fairway'),
  node('elbe-stadersand', 'Elbe off Stadersand', 53.625, 9.555, 'fairway'),
  node('elbe-luehe', 'Elbe off Lühesand', 53.595, 9.595, 'fairway'),
  node('elbe-wedel', 'Elbe off Wedel (Willkomm Höft)', 53.5625, 9.7, 'fairway'),
  node('elbe-blankenese', 'Elbe off Blankenese', 53.553, 9.8, 'fairway'),
  node('elbe-seemannshoeft', 'Hamburg Seemannshöft (pilot station)', 53.5428, 9.8786, 'fairway'),
  node('hamburg-waltershof', 'Hamburg Waltershof turning basin', 53.536, 9.9, 'fairway'),
  // German Bight: Elbe approach, Jade, Weser, TSS Terschelling-German Bight and the way north past Helgoland.
  node('gb-elbe-approach', 'German Bight, Elbe approach', 54.03, 7.8),
  node('gb-western-approach', 'TSS German Bight Western Approach', 54.05, 7.25),
  node('gb-north', 'German Bight east of Helgoland', 54.3, 8.05),
  node('jade-approach', 'Jade approach', 53.93, 7.85),
  node('weser-approach', 'Weser approach', 53.93, 8.0),
  node('weser-alte-weser', 'Weser off Alte Weser light', 53.86, 8.12, 'fairway'),
  node('weser-tegeler-plate', 'Weser off Tegeler Plate', 53.79, 8.18, 'fairway'),
  node('weser-hohe-weg', 'Weser off Hohe Weg', 53.71, 8.26, 'fairway'),
  node('weser-robbenplate', 'Weser off Robbenplate', 53.66, 8.4, 'fairway'),
  node('weser-bremerhaven', 'Weser off Bremerhaven container terminal', 53.585, 8.52, 'fairway'),
  // Dutch coast: TSS Terschelling-German Bight, off Texel, IJmuiden and the Maas (Rotterdam).
  node('tss-terschelling-east', 'TSS Terschelling-German Bight, east', 53.9, 6.5),
  node('tss-terschelling-west', 'TSS Terschelling-German Bight, west', 53.65, 5.0),
  node('tss-texel', 'TSS off Texel', 53.05, 4.35),
  node('off-ijmuiden', 'Off IJmuiden', 52.5, 4.2),
  node('maas-center', 'Maas Center (Rotterdam approach)', 52.02, 3.85),
  node('maasmond', 'Maasmond (Rotterdam entrance)', 51.99, 4.0, 'fairway'),
  // Southern North Sea: Felixstowe, the Scheldt (Antwerp), the Hinder banks and the Dover Strait.
  node('sunk', 'Sunk (Felixstowe approach)', 51.85, 1.65),
  node('sunk-east', 'Sunk, east', 51.85, 2.2),
  node('noord-hinder', 'TSS Noord Hinder', 51.65, 2.75),
  node('west-hinder', 'TSS West Hinder', 51.38, 2.45),
  node('wandelaar', 'Wandelaar (Scheldt approach)', 51.4, 3.05),
  node('scheldt-vlissingen', 'Westerschelde off Vlissingen', 51.42, 3.57, 'fairway'),
  node('scheldt-terneuzen', 'Westerschelde off Terneuzen', 51.385, 3.8, 'fairway'),
  node('scheldt-ellewoutsdijk', 'Westerschelde off Ellewoutsdijk', 51.395, 3.92, 'fairway'),
  node('scheldt-hansweert', 'Westerschelde off Hansweert', 51.42, 3.97, 'fairway'),
  node('scheldt-waarde', 'Westerschelde off Waarde', 51.405, 4.06, 'fairway'),
  node('scheldt-bath', 'Westerschelde off Bath', 51.385, 4.2, 'fairway'),
  node('scheldt-zandvliet', 'Scheldt off Zandvliet', 51.34, 4.275, 'fairway'),
  node('scheldt-deurganck', 'Scheldt off Deurganckdok', 51.29, 4.3, 'fairway'),
  node('north-sea-brown-ridge', 'North Sea, Brown Ridge', 52.4, 3.2),
  node('dover-strait-ne', 'Dover Strait TSS, north-east', 51.2, 1.85),
  node('dover-strait', 'Dover Strait', 51.0, 1.45),
  // English Channel and the Atlantic coast down to Gibraltar (the way from the Mediterranean and Asia).
  node('channel-bassurelle', 'English Channel off Bassurelle', 50.65, 0.95),
  node('channel-greenwich', 'English Channel, Greenwich', 50.35, 0.0),
  node('le-havre-approach', 'Le Havre approach', 49.52, -0.1),
  node('channel-st-catherines', "English Channel south of St Catherine's", 50.15, -1.3),
  node('channel-casquets', 'TSS off Casquets', 49.95, -2.6),
  node('channel-start-point', 'English Channel south of Start Point', 49.85, -4.0),
  node('channel-west', 'English Channel west, off the Lizard', 49.55, -5.5),
  node('ushant', 'TSS off Ushant', 48.6, -5.9),
  node('biscay-west', 'Bay of Biscay, west', 46.5, -7.0),
  node('finisterre', 'TSS off Finisterre', 43.3, -9.9),
  node('cabo-da-roca', 'Off Cabo da Roca', 38.75, -9.85),
  node('cape-st-vincent', 'Off Cape St Vincent', 36.85, -9.2),
  node('gibraltar', 'Strait of Gibraltar', 35.95, -5.9),
  // Northern North Sea and the Fair Isle Channel (the way from North America north about Scotland).
  node('fair-isle-west', 'Fair Isle Channel, west', 59.55, -2.6),
  node('fair-isle-east', 'Fair Isle Channel, east', 59.4, -1.0),
  node('north-sea-north', 'Northern North Sea', 58.3, 1.0),
  node('north-sea-central', 'Central North Sea', 56.8, 3.5),
  node('north-sea-dogger', 'North Sea north-east of Dogger Bank', 55.5, 5.8),
  node('gb-northwest', 'German Bight, north-west', 54.6, 6.8),
  // Jutland west coast, Skagen and the Kattegat (Gothenburg, Aarhus).
  node('off-sylt', 'Off Sylt', 55.0, 7.7),
  node('horns-rev', 'West of Horns Rev', 55.55, 7.25),
  node('off-hvide-sande', 'Off Hvide Sande', 56.05, 7.65),
  node('off-thyboroen', 'Off Thyborøn', 56.7, 7.9),
  node('off-hanstholm', 'Off Hanstholm', 57.3, 8.4),
  node('skagerrak-hirtshals', 'Skagerrak off Hirtshals', 57.8, 9.9),
  node('skagen', 'Off Skagen', 57.85, 10.75),
  node('kattegat-north', 'Kattegat north-east of Læsø', 57.45, 11.3),
  node('gothenburg-approach', 'Gothenburg approach (Vinga)', 57.62, 11.55),
  node('kattegat-anholt', 'Kattegat east of Anholt', 56.85, 12.0),
  node('kattegat-south', 'Kattegat off Djursland', 56.3, 11.3),
  node('kattegat-west', 'Kattegat south of Hjelm', 56.05, 10.85),
  node('aarhus-bay-entrance', 'Aarhus Bay entrance (Helgenæs/Samsø)', 56.015, 10.56),
  node('aarhus-approach', 'Aarhus approach', 56.12, 10.3),
  node('kiel-bay', 'Kiel Bay', 54.55, 10.6),
  node('kiel-light', 'Kiel light', 54.5, 10.28),
  // The Kiel Canal, from Kiel-Holtenau to the Elbe at Brunsbüttel.
  node('kiel-friedrichsort', 'Kiel Fjord off Friedrichsort', 54.4, 10.2, 'fairway'),
  node('kiel-holtenau', 'Kiel-Holtenau locks', 54.37, 10.15, 'canal'),
  node('kiel-canal-rendsburg', 'Kiel Canal at Rendsburg', 54.3, 9.68, 'canal'),
  node('kiel-canal-gruenental', 'Kiel Canal at Grünental', 54.14, 9.29, 'canal'),
  node('kiel-canal-burg', 'Kiel Canal at Burg', 54.0, 9.25, 'canal'),
  node('kiel-canal-brunsbuettel', 'Brunsbüttel locks', 53.905, 9.135, 'canal'),
  // The Baltic from Kiel Bay through the Fehmarn Belt to Gdansk.
  node('fehmarn-belt', 'Fehmarn Belt', 54.58, 11.25),
  node('kadet-channel', 'Kadet Channel', 54.48, 12.2),
  node('baltic-arkona', 'North of Kap Arkona', 54.8, 13.8),
  node('baltic-bornholm-south', 'South of Bornholm', 54.85, 15.1),
  node('baltic-stolpe', 'Off Stolpe Bank', 55.0, 16.5),
  node('baltic-rozewie', 'Off Rozewie', 55.05, 18.1),
  node('gdansk-bay', 'Gulf of Gdansk', 54.65, 18.95),
];

/** Undirected edges between node ids; their length is the great-circle distance between the ends. */
export const SEA_LANE_EDGES: readonly (readonly [string, string])[] = [
  // Elbe fairway
  ['elbe-1', 'elbe-scharhoern'],
  ['elbe-scharhoern', 'elbe-neuwerk'],
  ['elbe-neuwerk', 'elbe-kugelbake'],
  ['elbe-kugelbake', 'elbe-cuxhaven'],
  ['elbe-cuxhaven', 'elbe-otterndorf'],
  ['elbe-otterndorf', 'elbe-brunsbuettel'],
  ['elbe-brunsbuettel', 'elbe-st-margarethen'],
  ['elbe-st-margarethen', 'elbe-brokdorf'],
  ['elbe-brokdorf', 'elbe-glueckstadt'],
  ['elbe-glueckstadt', 'elbe-pagensand'],
  ['elbe-pagensand', 'elbe-stade'],
  ['elbe-stade', 'elbe-stadersand'],
  ['elbe-stadersand', 'elbe-luehe'],
  ['elbe-luehe', 'elbe-wedel'],
  ['elbe-wedel', 'elbe-blankenese'],
  ['elbe-blankenese', 'elbe-seemannshoeft'],
  ['elbe-seemannshoeft', 'hamburg-waltershof'],
  // German Bight
  ['elbe-1', 'gb-elbe-approach'],
  ['elbe-1', 'gb-north'],
  ['elbe-1', 'weser-approach'],
  ['gb-elbe-approach', 'gb-western-approach'],
  ['gb-elbe-approach', 'jade-approach'],
  ['gb-elbe-approach', 'gb-north'],
  ['gb-western-approach', 'tss-terschelling-east'],
  ['gb-western-approach', 'gb-northwest'],
  ['jade-approach', 'weser-approach'],
  ['weser-approach', 'weser-alte-weser'],
  ['weser-alte-weser', 'weser-tegeler-plate'],
  ['weser-tegeler-plate', 'weser-hohe-weg'],
  ['weser-hohe-weg', 'weser-robbenplate'],
  ['weser-robbenplate', 'weser-bremerhaven'],
  ['gb-north', 'off-sylt'],
  ['gb-north', 'gb-northwest'],
  // Dutch coast
  ['tss-terschelling-east', 'tss-terschelling-west'],
  ['tss-terschelling-east', 'gb-northwest'],
  ['tss-terschelling-west', 'tss-texel'],
  ['tss-terschelling-west', 'north-sea-brown-ridge'],
  ['tss-texel', 'off-ijmuiden'],
  ['tss-texel', 'north-sea-brown-ridge'],
  ['off-ijmuiden', 'maas-center'],
  ['maas-center', 'maasmond'],
  ['maasmond', 'off-ijmuiden'],
  ['maas-center', 'noord-hinder'],
  ['maas-center', 'north-sea-brown-ridge'],
  // Southern North Sea
  ['sunk', 'sunk-east'],
  ['sunk-east', 'noord-hinder'],
  ['sunk-east', 'north-sea-brown-ridge'],
  ['noord-hinder', 'west-hinder'],
  ['noord-hinder', 'north-sea-brown-ridge'],
  ['west-hinder', 'wandelaar'],
  ['west-hinder', 'dover-strait-ne'],
  ['wandelaar', 'scheldt-vlissingen'],
  ['wandelaar', 'maas-center'],
  ['scheldt-vlissingen', 'scheldt-terneuzen'],
  ['scheldt-terneuzen', 'scheldt-ellewoutsdijk'],
  ['scheldt-ellewoutsdijk', 'scheldt-hansweert'],
  ['scheldt-hansweert', 'scheldt-waarde'],
  ['scheldt-waarde', 'scheldt-bath'],
  ['scheldt-bath', 'scheldt-zandvliet'],
  ['scheldt-zandvliet', 'scheldt-deurganck'],
  ['dover-strait-ne', 'dover-strait'],
  ['dover-strait-ne', 'sunk'],
  // English Channel and Atlantic coast
  ['dover-strait', 'channel-bassurelle'],
  ['channel-bassurelle', 'channel-greenwich'],
  ['channel-greenwich', 'le-havre-approach'],
  ['channel-greenwich', 'channel-st-catherines'],
  ['le-havre-approach', 'channel-st-catherines'],
  ['channel-st-catherines', 'channel-casquets'],
  ['channel-casquets', 'channel-start-point'],
  ['channel-start-point', 'channel-west'],
  ['channel-west', 'ushant'],
  ['ushant', 'biscay-west'],
  ['biscay-west', 'finisterre'],
  ['finisterre', 'cabo-da-roca'],
  ['cabo-da-roca', 'cape-st-vincent'],
  ['cape-st-vincent', 'gibraltar'],
  // Northern North Sea
  ['fair-isle-west', 'fair-isle-east'],
  ['fair-isle-east', 'north-sea-north'],
  ['north-sea-north', 'north-sea-central'],
  ['north-sea-central', 'north-sea-dogger'],
  ['north-sea-central', 'off-hanstholm'],
  ['north-sea-dogger', 'gb-northwest'],
  ['north-sea-dogger', 'horns-rev'],
  // Jutland, Skagen, Kattegat
  ['off-sylt', 'horns-rev'],
  ['horns-rev', 'off-hvide-sande'],
  ['off-hvide-sande', 'off-thyboroen'],
  ['off-thyboroen', 'off-hanstholm'],
  ['off-hanstholm', 'skagerrak-hirtshals'],
  ['skagerrak-hirtshals', 'skagen'],
  ['skagen', 'kattegat-north'],
  ['kattegat-north', 'gothenburg-approach'],
  ['kattegat-north', 'kattegat-anholt'],
  ['kattegat-anholt', 'kattegat-south'],
  ['kattegat-south', 'kattegat-west'],
  ['kattegat-west', 'aarhus-bay-entrance'],
  ['aarhus-bay-entrance', 'aarhus-approach'],
  // Kiel Canal
  ['kiel-light', 'kiel-friedrichsort'],
  ['kiel-friedrichsort', 'kiel-holtenau'],
  ['kiel-holtenau', 'kiel-canal-rendsburg'],
  ['kiel-canal-rendsburg', 'kiel-canal-gruenental'],
  ['kiel-canal-gruenental', 'kiel-canal-burg'],
  ['kiel-canal-burg', 'kiel-canal-brunsbuettel'],
  ['kiel-canal-brunsbuettel', 'elbe-brunsbuettel'],
  // Baltic
  ['kiel-bay', 'kiel-light'],
  ['kiel-bay', 'fehmarn-belt'],
  ['fehmarn-belt', 'kadet-channel'],
  ['kadet-channel', 'baltic-arkona'],
  ['baltic-arkona', 'baltic-bornholm-south'],
  ['baltic-bornholm-south', 'baltic-stolpe'],
  ['baltic-stolpe', 'baltic-rozewie'],
  ['baltic-rozewie', 'gdansk-bay'],
];

/**
 * Where a voyage from beyond the graph joins it: the open-ocean ends of the graph and which origins use them.
 * From the Mediterranean, Africa and Asia a ship comes up the Atlantic past Gibraltar; from the Americas it comes
 * through the Channel or north about Scotland, whichever is shorter to the destination.
 */
export const OCEAN_GATEWAYS: readonly { nodeId: string; serves: 'east_and_south' | 'west' }[] = [
  { nodeId: 'gibraltar', serves: 'east_and_south' },
  { nodeId: 'channel-west', serves: 'west' },
  { nodeId: 'fair-isle-west', serves: 'west' },
];

/** The box of the graph's region; an origin outside it joins through an ocean gateway. */
export const SEA_LANE_REGION = { south: 35.5, north: 60.0, west: -10.5, east: 19.5 } as const;
