"""The learner's records and the server's: atomic files, profiles, progress, ratings and the teacher
passphrase's wrong guesses."""
