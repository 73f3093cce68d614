// expect: (nothing)
export async function closeOpenAttempts(orderId: number): Promise<number> {
  return orderId;
}
