/** "1 item", "5 items". */
export const itemCount = (count: number) => `${count} item${count === 1 ? '' : 's'}`;
