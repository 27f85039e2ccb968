"""The learners' tools: the glossary of the games' words and the practice exercises."""
