// Portrait illustrations shared by the pages that show people.
import avatar1 from '../assets/avatar-1.svg';
import avatar2 from '../assets/avatar-2.svg';
import avatar3 from '../assets/avatar-3.svg';
import avatar4 from '../assets/avatar-4.svg';
import avatar5 from '../assets/avatar-5.svg';
import avatar6 from '../assets/avatar-6.svg';
import avatar7 from '../assets/avatar-7.svg';
import avatar8 from '../assets/avatar-8.svg';

export const portraits = [avatar1, avatar2, avatar3, avatar4, avatar5, avatar6, avatar7, avatar8] as const;

/** A portrait picked by position, cycling so any list length gets one. */
export const portraitAt = (index: number): string => portraits[index % portraits.length]!;
