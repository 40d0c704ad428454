import { Link } from '@tanstack/react-router';
import type { VendorGameTypes } from '../../api/games.ts';
import { fallBackToDefaultIcon } from './game-tile.tsx';
import styles from './lobby.module.css';

/** The category page of each catalogue category (spec section 2); the others open in the game centre. */
export const categoryPaths: Record<string, string> = {
  RNG: '/m/slot-games',
  FISH: '/m/fishing-games',
  LIVE: '/m/live-games',
  PVP: '/m/poker-games',
  SPORTS: '/m/sport-games',
  ESPORTS: '/m/esport-games',
  LOTT: '/m/lott',
  ELOTT: '/m/elott',
};

type Vendors = VendorGameTypes['mapping'][string]['vendors'];

/** A vendor list (SPORTS, ESPORTS, COCKFIGHT blocks, slots centre): each vendor opens its game list. */
export function VendorList({ category, vendors }: { category: string; vendors: Vendors }) {
  return (
    <ul className={styles.vendorList} data-testid={`vendor-list-${category}`}>
      {vendors.map((v) => (
        <li key={v.vassalage}>
          <Link to="/m/gameList" search={{ gameType: v.gameCategory, vassalage: v.vassalage }} className={styles.vendorCard}>
            <img className={styles.vendorLogo} src={v.logoUrl} alt="" width={40} height={40} loading="lazy" onError={fallBackToDefaultIcon} />
            <span className={styles.tileName}>{v.accountTypeName}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
