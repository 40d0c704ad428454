import { Link } from '@tanstack/react-router';
import type { VendorGameTypes } from '../../../contract/games.ts';
import { fallBackToDefaultIcon } from './game-tile.tsx';
import styles from './lobby.module.css';

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
