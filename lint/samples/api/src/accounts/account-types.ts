// expect: (nothing)
export interface Account {
  name: string;
}

export function accountOf(name: string): Account {
  return { name };
}
