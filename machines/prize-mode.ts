/** The lottery prize modes (spec sections 4 and 9): Elott by default, also Lott, ZY, and SEA for TCG_SEA. */
export type PrizeMode = 'ELOTT' | 'LOTT' | 'ZY' | 'SEA';

/**
 * Prize mode rule of spec section 4: ELOTT when the vendor mapping has an
 * ELOTT entry whose vendors include TCG_LOTTO_VN or LOTT, otherwise LOTT.
 */
export function prizeModeOf(mapping: Record<string, { vendors: { vassalage: string }[] }> | null | undefined): PrizeMode {
  if (!mapping) return 'ELOTT';
  return mapping.ELOTT?.vendors.some((v) => v.vassalage === 'TCG_LOTTO_VN' || v.vassalage === 'LOTT') ? 'ELOTT' : 'LOTT';
}
