import { describeHostileInput } from '#tests/support/fuzz'

describeHostileInput({ loaders: true, shard: 0, shards: 2 })
