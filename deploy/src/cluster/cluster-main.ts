import { startCluster } from './cluster';

/**
 * `npm run cluster`: PostgreSQL, s3rver, the migration, 3 API servers and nginx on loopback
 * (CLUSTER_PORT, default 18300 … 18312). Runs until Ctrl-C, then stops everything it started.
 */
const cluster = await startCluster(process.env.CLUSTER_PORT ? { basePort: Number(process.env.CLUSTER_PORT) } : {});
console.log(`Mode: ${cluster.mode}.`);
console.log(`Object store: ${cluster.s3.endpoint} (bucket ${cluster.s3.bucket}); database: ${cluster.databaseUrl}`);
console.log(`Yaoshi cluster is ready at ${cluster.url} (Ctrl-C stops it)`);
const stop = () => {
  void cluster.stop().then(() => process.exit(0));
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
