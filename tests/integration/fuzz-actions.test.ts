import { describeHostileInput } from '#tests/support/fuzz'

// The other half of the actions, in a file (and a database) of its own so both halves run at once.
describeHostileInput({ loaders: false, shard: 1, shards: 2 })
