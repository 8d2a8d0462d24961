# Print an optspec for argparse to handle cmd's options that are independent of any subcommand.
function __fish_qipu_global_optspecs
    string join \n h/help V/version
end

function __fish_qipu_needs_command
    # Figure out if the current invocation already has a command.
    set -l cmd (commandline -opc)
    set -e cmd[1]
    argparse -s (__fish_qipu_global_optspecs) -- $cmd 2>/dev/null
    or return
    if set -q argv[1]
        # Also print the command, so this can be used to figure out what it is.
        echo $argv[1]
        return 1
    end
    return 0
end

function __fish_qipu_using_subcommand
    set -l cmd (__fish_qipu_needs_command)
    test -z "$cmd"
    and return 1
    contains -- $cmd[1] $argv
end

complete -c qipu -n "__fish_qipu_needs_command" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c qipu -n "__fish_qipu_needs_command" -s V -l version -d 'Print version'
complete -c qipu -n "__fish_qipu_needs_command" -f -a "perft" -d 'Count the legal-move tree (the move generator\'s test and benchmark)'
complete -c qipu -n "__fish_qipu_needs_command" -f -a "ui-bench" -d 'Time the window\'s frames headlessly, a pasted scoresheet and a file\'s opening'
complete -c qipu -n "__fish_qipu_needs_command" -f -a "notate" -d 'Write ICCS moves in a notation'
complete -c qipu -n "__fish_qipu_needs_command" -f -a "parse" -d 'Read moves in a notation (or auto), print them in ICCS'
complete -c qipu -n "__fish_qipu_needs_command" -f -a "judge" -d 'The referee\'s ruling on a line, as JSON; --summary counts rulings over many games'
complete -c qipu -n "__fish_qipu_needs_command" -f -a "clock" -d 'Replay move times on a time control (flag claims)'
complete -c qipu -n "__fish_qipu_needs_command" -f -a "convert" -d 'Convert a record between PGN, XQF, DhtmlXQ, JSON and FEN (reads 象棋桥 too)'
complete -c qipu -n "__fish_qipu_needs_command" -f -a "stats" -d 'Read every game of files and folders; count games, plies, errors and seconds'
complete -c qipu -n "__fish_qipu_needs_command" -f -a "db" -d 'The game database (an SQLite file or postgres://…)'
complete -c qipu -n "__fish_qipu_needs_command" -f -a "transcribe" -d 'Enter a typed scoresheet into a record, every move checked'
complete -c qipu -n "__fish_qipu_needs_command" -f -a "transcribe-bench" -d 'Time entering a pasted scoresheet'
complete -c qipu -n "__fish_qipu_needs_command" -f -a "diagram" -d 'Board diagrams as PNG, SVG or PDF pages'
complete -c qipu -n "__fish_qipu_needs_command" -f -a "scoresheet" -d 'The scoresheet to print, as PDF or PNG pages'
complete -c qipu -n "__fish_qipu_needs_command" -f -a "event" -d 'A tournament kept in one event file (art. 11–21)'
complete -c qipu -n "__fish_qipu_needs_command" -f -a "uci" -d 'The built-in engine over UCI (or UCCI: first command \'ucci\')'
complete -c qipu -n "__fish_qipu_needs_command" -f -a "analyse" -d 'An engine\'s review of every move: marks, better lines and each side\'s accuracy'
complete -c qipu -n "__fish_qipu_needs_command" -f -a "cloud" -d 'The cloud database\'s moves, scores and line for a position (chessdb.cn), with a cache'
complete -c qipu -n "__fish_qipu_needs_command" -f -a "puzzles" -d 'Training puzzles made from games'
complete -c qipu -n "__fish_qipu_needs_command" -f -a "opening" -d 'Each game\'s ECCO code and opening name; --agree measures them against the games\' tags'
complete -c qipu -n "__fish_qipu_needs_command" -f -a "ecco-table" -d 'The ECCO table learnt from tagged games, with its agreement'
complete -c qipu -n "__fish_qipu_needs_command" -f -a "match" -d 'An engine match adjudicated by the referee'
complete -c qipu -n "__fish_qipu_needs_command" -f -a "recognise" -d 'Read pictures of boards (screenshots, printed diagrams) into positions'
complete -c qipu -n "__fish_qipu_needs_command" -f -a "recognise-bench" -d 'Measure reading pictures of boards on folders of pictures with positions.tsv'
complete -c qipu -n "__fish_qipu_needs_command" -f -a "completions" -d 'The shell completions of qipu, for bash, zsh, fish, PowerShell or Elvish'
complete -c qipu -n "__fish_qipu_needs_command" -f -a "manpage" -d 'The manual pages of qipu and its subcommands (man), made from the same definition'
complete -c qipu -n "__fish_qipu_needs_command" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c qipu -n "__fish_qipu_using_subcommand perft" -l fen -d 'Count from this position (FEN) instead of the start' -r
complete -c qipu -n "__fish_qipu_using_subcommand perft" -l divide -d 'One line per legal root move with its count, then the total'
complete -c qipu -n "__fish_qipu_using_subcommand perft" -s h -l help -d 'Print help'
complete -c qipu -n "__fish_qipu_using_subcommand ui-bench" -l moves -d 'Moves of the record in the frames timed (300)' -r
complete -c qipu -n "__fish_qipu_using_subcommand ui-bench" -l frames -d 'Frames timed (200)' -r
complete -c qipu -n "__fish_qipu_using_subcommand ui-bench" -l paste -d 'Moves of the scoresheet pasted into the move box (200)' -r
complete -c qipu -n "__fish_qipu_using_subcommand ui-bench" -l pgn -d 'A PGN file whose reading for the game list is timed' -r
complete -c qipu -n "__fish_qipu_using_subcommand ui-bench" -l record -d 'Only this record\'s figures: open it, step through it, its memory, quit' -r
complete -c qipu -n "__fish_qipu_using_subcommand ui-bench" -s h -l help -d 'Print help'
complete -c qipu -n "__fish_qipu_using_subcommand notate" -l fen -d 'Play from this position (FEN) instead of the start' -r
complete -c qipu -n "__fish_qipu_using_subcommand notate" -l as -d 'The notation to write: iccs, wxf, zh, zh-hant or abbrev' -r
complete -c qipu -n "__fish_qipu_using_subcommand notate" -l tandem -d 'How a piece sharing its file with another of its kind is named: front-back (前車進四, the default) or file (車六進四)' -r
complete -c qipu -n "__fish_qipu_using_subcommand notate" -l textbook -d 'Name crowded soldiers as textbooks do (前/中/後, 前二三四)'
complete -c qipu -n "__fish_qipu_using_subcommand notate" -l half-width -d 'Write Black\'s digits in ASCII'
complete -c qipu -n "__fish_qipu_using_subcommand notate" -l over-advances -d 'Reverse the strokes of abbreviated notation (the line over the digit advances)'
complete -c qipu -n "__fish_qipu_using_subcommand notate" -s h -l help -d 'Print help'
complete -c qipu -n "__fish_qipu_using_subcommand parse" -l fen -d 'Play from this position (FEN) instead of the start' -r
complete -c qipu -n "__fish_qipu_using_subcommand parse" -l from -d 'The notation of the moves: iccs, wxf, zh, zh-hant, abbrev, or auto (each move\'s own)' -r
complete -c qipu -n "__fish_qipu_using_subcommand parse" -l over-advances -d 'Read abbreviated moves with the line over the digit as 進'
complete -c qipu -n "__fish_qipu_using_subcommand parse" -s h -l help -d 'Print help'
complete -c qipu -n "__fish_qipu_using_subcommand judge" -l rules -d 'The rule set: cxa1999 (the default) or axf (the Asian rules)' -r
complete -c qipu -n "__fish_qipu_using_subcommand judge" -l fen -d 'The start position of the moves (FEN)' -r
complete -c qipu -n "__fish_qipu_using_subcommand judge" -l limit -d 'The natural limit, in rounds without a capture' -r
complete -c qipu -n "__fish_qipu_using_subcommand judge" -l tandem -d 'How a piece sharing its file with another of its kind is named in the Chinese explanation: front-back (前車進四, the default) or file (車六進四)' -r
complete -c qipu -n "__fish_qipu_using_subcommand judge" -l threads -d 'With --summary: threads to read and judge on (as many as processors by default)' -r
complete -c qipu -n "__fish_qipu_using_subcommand judge" -l moves -d 'The arguments are ICCS moves from the start (or --fen)'
complete -c qipu -n "__fish_qipu_using_subcommand judge" -l summary -d 'Judge the main line of every game below the paths and count the rulings by kind'
complete -c qipu -n "__fish_qipu_using_subcommand judge" -s h -l help -d 'Print help'
complete -c qipu -n "__fish_qipu_using_subcommand clock" -l control -d 'The time control: 6.1 … 6.4, 6.5/20m, 40/90m,10/15m, sd/60m+5s …' -r
complete -c qipu -n "__fish_qipu_using_subcommand clock" -l times -d 'The seconds each move took, Red first (decimals allowed; commas may separate them too)' -r
complete -c qipu -n "__fish_qipu_using_subcommand clock" -s h -l help -d 'Print help'
complete -c qipu -n "__fish_qipu_using_subcommand convert" -s o -d 'Write to this file (saved atomically) instead of standard output' -r
complete -c qipu -n "__fish_qipu_using_subcommand convert" -l to -d 'The format: pgn, pgn-xqwizard, pgn-iccs, pgn-wxf, json, fen, xqf or dhtmlxq (by default from the name of OUT, else pgn)' -r
complete -c qipu -n "__fish_qipu_using_subcommand convert" -l tandem -d 'How a piece sharing its file with another of its kind is named: front-back (前車進四, the default) or file (車六進四)' -r
complete -c qipu -n "__fish_qipu_using_subcommand convert" -l traditional -d 'Chinese moves in traditional characters'
complete -c qipu -n "__fish_qipu_using_subcommand convert" -l simplified -d 'Chinese moves in simplified characters'
complete -c qipu -n "__fish_qipu_using_subcommand convert" -l force -d 'A record read only in part replaces OUT all the same'
complete -c qipu -n "__fish_qipu_using_subcommand convert" -s h -l help -d 'Print help'
complete -c qipu -n "__fish_qipu_using_subcommand stats" -l threads -d 'Threads to read on (as many as processors by default)' -r
complete -c qipu -n "__fish_qipu_using_subcommand stats" -l errors -d 'List each bad game with its place and reason, and each warning'
complete -c qipu -n "__fish_qipu_using_subcommand stats" -s h -l help -d 'Print help'
complete -c qipu -n "__fish_qipu_using_subcommand db; and not __fish_seen_subcommand_from import search tree export stats bench help" -s h -l help -d 'Print help'
complete -c qipu -n "__fish_qipu_using_subcommand db; and not __fish_seen_subcommand_from import search tree export stats bench help" -f -a "import" -d 'Import the games of record files and folders'
complete -c qipu -n "__fish_qipu_using_subcommand db; and not __fish_seen_subcommand_from import search tree export stats bench help" -f -a "search" -d 'Find games by position, material, players, event, result, date or opening'
complete -c qipu -n "__fish_qipu_using_subcommand db; and not __fish_seen_subcommand_from import search tree export stats bench help" -f -a "tree" -d 'The moves played from a position, most played first'
complete -c qipu -n "__fish_qipu_using_subcommand db; and not __fish_seen_subcommand_from import search tree export stats bench help" -f -a "export" -d 'The games found, as PGN'
complete -c qipu -n "__fish_qipu_using_subcommand db; and not __fish_seen_subcommand_from import search tree export stats bench help" -f -a "stats" -d 'Games, duplicates, positions, files and bytes on disk'
complete -c qipu -n "__fish_qipu_using_subcommand db; and not __fish_seen_subcommand_from import search tree export stats bench help" -f -a "bench" -d 'Time searches on a large database'
complete -c qipu -n "__fish_qipu_using_subcommand db; and not __fish_seen_subcommand_from import search tree export stats bench help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c qipu -n "__fish_qipu_using_subcommand db; and __fish_seen_subcommand_from import" -l db -d 'The database, given as an option' -r
complete -c qipu -n "__fish_qipu_using_subcommand db; and __fish_seen_subcommand_from import" -l batch -d 'Games written a transaction' -r
complete -c qipu -n "__fish_qipu_using_subcommand db; and __fish_seen_subcommand_from import" -l threads -d 'Threads to read and prepare on' -r
complete -c qipu -n "__fish_qipu_using_subcommand db; and __fish_seen_subcommand_from import" -l variations -d 'Index the positions of the variations too'
complete -c qipu -n "__fish_qipu_using_subcommand db; and __fish_seen_subcommand_from import" -s h -l help -d 'Print help'
complete -c qipu -n "__fish_qipu_using_subcommand db; and __fish_seen_subcommand_from search" -l db -d 'The database, given as an option' -r
complete -c qipu -n "__fish_qipu_using_subcommand db; and __fish_seen_subcommand_from search" -l fen -d 'Games that reach this position (FEN)' -r
complete -c qipu -n "__fish_qipu_using_subcommand db; and __fish_seen_subcommand_from search" -l material -d 'The material on the board, like 車馬炮-車馬 (Red\'s, then Black\'s)' -r
complete -c qipu -n "__fish_qipu_using_subcommand db; and __fish_seen_subcommand_from search" -l player -d 'A player of either side' -r
complete -c qipu -n "__fish_qipu_using_subcommand db; and __fish_seen_subcommand_from search" -l red -d 'The red player' -r
complete -c qipu -n "__fish_qipu_using_subcommand db; and __fish_seen_subcommand_from search" -l black -d 'The black player' -r
complete -c qipu -n "__fish_qipu_using_subcommand db; and __fish_seen_subcommand_from search" -l event -d 'Words of the event\'s name' -r
complete -c qipu -n "__fish_qipu_using_subcommand db; and __fish_seen_subcommand_from search" -l result -d 'The result: 1-0, 0-1, 1/2-1/2 or 0-0' -r
complete -c qipu -n "__fish_qipu_using_subcommand db; and __fish_seen_subcommand_from search" -l from -d 'Played on or after this date (yyyy[.mm[.dd]])' -r
complete -c qipu -n "__fish_qipu_using_subcommand db; and __fish_seen_subcommand_from search" -l to -d 'Played on or before this date (yyyy[.mm[.dd]])' -r
complete -c qipu -n "__fish_qipu_using_subcommand db; and __fish_seen_subcommand_from search" -l opening -d 'The opening: an ECCO code or words of its name' -r
complete -c qipu -n "__fish_qipu_using_subcommand db; and __fish_seen_subcommand_from search" -l limit -d 'At most N games (search: 100 by default)' -r
complete -c qipu -n "__fish_qipu_using_subcommand db; and __fish_seen_subcommand_from search" -l mirror -d 'The position mirrored left to right too'
complete -c qipu -n "__fish_qipu_using_subcommand db; and __fish_seen_subcommand_from search" -l variations -d 'Positions reached in variations too'
complete -c qipu -n "__fish_qipu_using_subcommand db; and __fish_seen_subcommand_from search" -l json -d 'One JSON array instead of lines'
complete -c qipu -n "__fish_qipu_using_subcommand db; and __fish_seen_subcommand_from search" -s h -l help -d 'Print help'
complete -c qipu -n "__fish_qipu_using_subcommand db; and __fish_seen_subcommand_from tree" -l db -d 'The database, given as an option' -r
complete -c qipu -n "__fish_qipu_using_subcommand db; and __fish_seen_subcommand_from tree" -l fen -d 'The position (the start by default)' -r
complete -c qipu -n "__fish_qipu_using_subcommand db; and __fish_seen_subcommand_from tree" -l json -d 'One JSON array instead of lines'
complete -c qipu -n "__fish_qipu_using_subcommand db; and __fish_seen_subcommand_from tree" -s h -l help -d 'Print help'
complete -c qipu -n "__fish_qipu_using_subcommand db; and __fish_seen_subcommand_from export" -l db -d 'The database, given as an option' -r
complete -c qipu -n "__fish_qipu_using_subcommand db; and __fish_seen_subcommand_from export" -l fen -d 'Games that reach this position (FEN)' -r
complete -c qipu -n "__fish_qipu_using_subcommand db; and __fish_seen_subcommand_from export" -l material -d 'The material on the board, like 車馬炮-車馬 (Red\'s, then Black\'s)' -r
complete -c qipu -n "__fish_qipu_using_subcommand db; and __fish_seen_subcommand_from export" -l player -d 'A player of either side' -r
complete -c qipu -n "__fish_qipu_using_subcommand db; and __fish_seen_subcommand_from export" -l red -d 'The red player' -r
complete -c qipu -n "__fish_qipu_using_subcommand db; and __fish_seen_subcommand_from export" -l black -d 'The black player' -r
complete -c qipu -n "__fish_qipu_using_subcommand db; and __fish_seen_subcommand_from export" -l event -d 'Words of the event\'s name' -r
complete -c qipu -n "__fish_qipu_using_subcommand db; and __fish_seen_subcommand_from export" -l result -d 'The result: 1-0, 0-1, 1/2-1/2 or 0-0' -r
complete -c qipu -n "__fish_qipu_using_subcommand db; and __fish_seen_subcommand_from export" -l from -d 'Played on or after this date (yyyy[.mm[.dd]])' -r
complete -c qipu -n "__fish_qipu_using_subcommand db; and __fish_seen_subcommand_from export" -l to -d 'Played on or before this date (yyyy[.mm[.dd]])' -r
complete -c qipu -n "__fish_qipu_using_subcommand db; and __fish_seen_subcommand_from export" -l opening -d 'The opening: an ECCO code or words of its name' -r
complete -c qipu -n "__fish_qipu_using_subcommand db; and __fish_seen_subcommand_from export" -l limit -d 'At most N games (search: 100 by default)' -r
complete -c qipu -n "__fish_qipu_using_subcommand db; and __fish_seen_subcommand_from export" -s o -d 'The PGN file to write' -r
complete -c qipu -n "__fish_qipu_using_subcommand db; and __fish_seen_subcommand_from export" -l mirror -d 'The position mirrored left to right too'
complete -c qipu -n "__fish_qipu_using_subcommand db; and __fish_seen_subcommand_from export" -l variations -d 'Positions reached in variations too'
complete -c qipu -n "__fish_qipu_using_subcommand db; and __fish_seen_subcommand_from export" -l traditional -d 'Moves in traditional characters'
complete -c qipu -n "__fish_qipu_using_subcommand db; and __fish_seen_subcommand_from export" -s h -l help -d 'Print help'
complete -c qipu -n "__fish_qipu_using_subcommand db; and __fish_seen_subcommand_from stats" -l db -d 'The database, given as an option' -r
complete -c qipu -n "__fish_qipu_using_subcommand db; and __fish_seen_subcommand_from stats" -l json -d 'One JSON object instead of a line'
complete -c qipu -n "__fish_qipu_using_subcommand db; and __fish_seen_subcommand_from stats" -s h -l help -d 'Print help'
complete -c qipu -n "__fish_qipu_using_subcommand db; and __fish_seen_subcommand_from bench" -l db -d 'The database, given as an option' -r
complete -c qipu -n "__fish_qipu_using_subcommand db; and __fish_seen_subcommand_from bench" -l games -d 'Fill the database with generated games up to N (1,000,000)' -r
complete -c qipu -n "__fish_qipu_using_subcommand db; and __fish_seen_subcommand_from bench" -l queries -d 'Searches timed (200)' -r
complete -c qipu -n "__fish_qipu_using_subcommand db; and __fish_seen_subcommand_from bench" -s h -l help -d 'Print help'
complete -c qipu -n "__fish_qipu_using_subcommand db; and __fish_seen_subcommand_from help" -f -a "import" -d 'Import the games of record files and folders'
complete -c qipu -n "__fish_qipu_using_subcommand db; and __fish_seen_subcommand_from help" -f -a "search" -d 'Find games by position, material, players, event, result, date or opening'
complete -c qipu -n "__fish_qipu_using_subcommand db; and __fish_seen_subcommand_from help" -f -a "tree" -d 'The moves played from a position, most played first'
complete -c qipu -n "__fish_qipu_using_subcommand db; and __fish_seen_subcommand_from help" -f -a "export" -d 'The games found, as PGN'
complete -c qipu -n "__fish_qipu_using_subcommand db; and __fish_seen_subcommand_from help" -f -a "stats" -d 'Games, duplicates, positions, files and bytes on disk'
complete -c qipu -n "__fish_qipu_using_subcommand db; and __fish_seen_subcommand_from help" -f -a "bench" -d 'Time searches on a large database'
complete -c qipu -n "__fish_qipu_using_subcommand db; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c qipu -n "__fish_qipu_using_subcommand transcribe" -l fen -d 'The start position (FEN)' -r
complete -c qipu -n "__fish_qipu_using_subcommand transcribe" -s o -d 'Write the record to this PGN file (saved atomically) instead of standard output' -r
complete -c qipu -n "__fish_qipu_using_subcommand transcribe" -l lang -d 'The language of the report: en, zh-Hans or zh-Hant' -r
complete -c qipu -n "__fish_qipu_using_subcommand transcribe" -l tandem -d 'How a piece sharing its file with another of its kind is named: front-back (前車進四, the default) or file (車六進四)' -r
complete -c qipu -n "__fish_qipu_using_subcommand transcribe" -s h -l help -d 'Print help'
complete -c qipu -n "__fish_qipu_using_subcommand transcribe-bench" -l rounds -d 'Rounds of the line to enter (100 by default)' -r
complete -c qipu -n "__fish_qipu_using_subcommand transcribe-bench" -l as -d 'The notation of the scoresheet: zh, zh-hant (the default), abbrev, wxf or iccs' -r
complete -c qipu -n "__fish_qipu_using_subcommand transcribe-bench" -l repeat -d 'Times to enter it (20 by default)' -r
complete -c qipu -n "__fish_qipu_using_subcommand transcribe-bench" -s h -l help -d 'Print help'
complete -c qipu -n "__fish_qipu_using_subcommand diagram" -l fen -d 'Draw this position (FEN)' -r
complete -c qipu -n "__fish_qipu_using_subcommand diagram" -s o -d 'The file to write: OUT.png, OUT.svg or OUT.pdf' -r
complete -c qipu -n "__fish_qipu_using_subcommand diagram" -l ply -d 'The position after this ply of the main line (the last by default)' -r
complete -c qipu -n "__fish_qipu_using_subcommand diagram" -l size -d 'The width of a picture in pixels' -r
complete -c qipu -n "__fish_qipu_using_subcommand diagram" -l grid -d 'With --all and a PDF: COLUMNSxROWS diagrams a page, each with its move under it' -r
complete -c qipu -n "__fish_qipu_using_subcommand diagram" -l paper -d 'The paper of a PDF: a4 (the default) or letter' -r
complete -c qipu -n "__fish_qipu_using_subcommand diagram" -l tandem -d 'How a piece sharing its file with another of its kind is named: front-back (前車進四, the default) or file (車六進四)' -r
complete -c qipu -n "__fish_qipu_using_subcommand diagram" -l all -d 'Every position of the main line'
complete -c qipu -n "__fish_qipu_using_subcommand diagram" -l flip -d 'Black at the bottom'
complete -c qipu -n "__fish_qipu_using_subcommand diagram" -l no-coordinates -d 'Without the file numbers around the board'
complete -c qipu -n "__fish_qipu_using_subcommand diagram" -l force -d 'A record read only in part replaces existing files all the same'
complete -c qipu -n "__fish_qipu_using_subcommand diagram" -s h -l help -d 'Print help'
complete -c qipu -n "__fish_qipu_using_subcommand scoresheet" -s o -d 'The file to write: OUT.pdf, or OUT.png for pictures of the pages' -r
complete -c qipu -n "__fish_qipu_using_subcommand scoresheet" -l lang -d 'The language of the labels: en, zh-Hans or zh-Hant (the default)' -r
complete -c qipu -n "__fish_qipu_using_subcommand scoresheet" -l paper -d 'The paper of a PDF: a4 (the default) or letter' -r
complete -c qipu -n "__fish_qipu_using_subcommand scoresheet" -l tandem -d 'How a piece sharing its file with another of its kind is named: front-back (前車進四, the default) or file (車六進四)' -r
complete -c qipu -n "__fish_qipu_using_subcommand scoresheet" -l abbrev -d 'Moves in the abbreviated notation of art. 7.5'
complete -c qipu -n "__fish_qipu_using_subcommand scoresheet" -l force -d 'A record read only in part replaces existing files all the same'
complete -c qipu -n "__fish_qipu_using_subcommand scoresheet" -s h -l help -d 'Print help'
complete -c qipu -n "__fish_qipu_using_subcommand event; and not __fish_seen_subcommand_from new add import pair result lineup withdraw penalty show standings export help" -s h -l help -d 'Print help'
complete -c qipu -n "__fish_qipu_using_subcommand event; and not __fish_seen_subcommand_from new add import pair result lineup withdraw penalty show standings export help" -f -a "new" -d 'Create an event file'
complete -c qipu -n "__fish_qipu_using_subcommand event; and not __fish_seen_subcommand_from new add import pair result lineup withdraw penalty show standings export help" -f -a "add" -d 'Add a player (or a team\'s player)'
complete -c qipu -n "__fish_qipu_using_subcommand event; and not __fish_seen_subcommand_from new add import pair result lineup withdraw penalty show standings export help" -f -a "import" -d 'Add the players of a list (CSV: name, rating, club or team)'
complete -c qipu -n "__fish_qipu_using_subcommand event; and not __fish_seen_subcommand_from new add import pair result lineup withdraw penalty show standings export help" -f -a "pair" -d 'Pair the next round'
complete -c qipu -n "__fish_qipu_using_subcommand event; and not __fish_seen_subcommand_from new add import pair result lineup withdraw penalty show standings export help" -f -a "result" -d 'Enter a board\'s result, correct it (--replace) or take it back (--clear)'
complete -c qipu -n "__fish_qipu_using_subcommand event; and not __fish_seen_subcommand_from new add import pair result lineup withdraw penalty show standings export help" -f -a "lineup" -d 'A team\'s players from board 1 down for its match in a round (12.1–12.3)'
complete -c qipu -n "__fish_qipu_using_subcommand event; and not __fish_seen_subcommand_from new add import pair result lineup withdraw penalty show standings export help" -f -a "withdraw" -d 'A player withdraws after the rounds paired so far'
complete -c qipu -n "__fish_qipu_using_subcommand event; and not __fish_seen_subcommand_from new add import pair result lineup withdraw penalty show standings export help" -f -a "penalty" -d 'A warning (18.1) or a disqualification from a game (18.2)'
complete -c qipu -n "__fish_qipu_using_subcommand event; and not __fish_seen_subcommand_from new add import pair result lineup withdraw penalty show standings export help" -f -a "show" -d 'The event as JSON: players and rounds with their results'
complete -c qipu -n "__fish_qipu_using_subcommand event; and not __fish_seen_subcommand_from new add import pair result lineup withdraw penalty show standings export help" -f -a "standings" -d 'The standings with their tie-breaks'
complete -c qipu -n "__fish_qipu_using_subcommand event; and not __fish_seen_subcommand_from new add import pair result lineup withdraw penalty show standings export help" -f -a "export" -d 'The event as TRF, CSV, HTML or PDF'
complete -c qipu -n "__fish_qipu_using_subcommand event; and not __fish_seen_subcommand_from new add import pair result lineup withdraw penalty show standings export help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c qipu -n "__fish_qipu_using_subcommand event; and __fish_seen_subcommand_from new" -l name -d 'The event\'s name' -r
complete -c qipu -n "__fish_qipu_using_subcommand event; and __fish_seen_subcommand_from new" -l system -d 'round-robin, double-round-robin, groups, knockout or swiss' -r
complete -c qipu -n "__fish_qipu_using_subcommand event; and __fish_seen_subcommand_from new" -l rounds -d 'Rounds (a Swiss event needs them)' -r
complete -c qipu -n "__fish_qipu_using_subcommand event; and __fish_seen_subcommand_from new" -l team-boards -d 'Boards a team match is played on (a team event)' -r
complete -c qipu -n "__fish_qipu_using_subcommand event; and __fish_seen_subcommand_from new" -l groups -d 'Groups (system groups)' -r
complete -c qipu -n "__fish_qipu_using_subcommand event; and __fish_seen_subcommand_from new" -l qualifiers -d 'Players of each group going on to the knockout (system groups)' -r
complete -c qipu -n "__fish_qipu_using_subcommand event; and __fish_seen_subcommand_from new" -l knockout-games -d 'Games of a knockout match: 1 or 2' -r
complete -c qipu -n "__fish_qipu_using_subcommand event; and __fish_seen_subcommand_from new" -l draw -d 'How the numbers are drawn: rating or random' -r
complete -c qipu -n "__fish_qipu_using_subcommand event; and __fish_seen_subcommand_from new" -l seed -d 'The seed of a random draw' -r
complete -c qipu -n "__fish_qipu_using_subcommand event; and __fish_seen_subcommand_from new" -l bye-points -d 'The points of a bye: 1, 0.5 or 0' -r
complete -c qipu -n "__fish_qipu_using_subcommand event; and __fish_seen_subcommand_from new" -l max-colour-difference -d 'Swiss: the largest difference between a player\'s reds and blacks' -r
complete -c qipu -n "__fish_qipu_using_subcommand event; and __fish_seen_subcommand_from new" -l max-colour-run -d 'Swiss: the most games in a row with one colour' -r
complete -c qipu -n "__fish_qipu_using_subcommand event; and __fish_seen_subcommand_from new" -l board-order -d 'Team events: fixed, substitutes or per-match board order' -r
complete -c qipu -n "__fish_qipu_using_subcommand event; and __fish_seen_subcommand_from new" -l unplayed-in-tiebreaks -d 'Count unplayed games in the tie-breaks'
complete -c qipu -n "__fish_qipu_using_subcommand event; and __fish_seen_subcommand_from new" -l double-elimination -d 'Knockout: a player is out after a second loss'
complete -c qipu -n "__fish_qipu_using_subcommand event; and __fish_seen_subcommand_from new" -s h -l help -d 'Print help'
complete -c qipu -n "__fish_qipu_using_subcommand event; and __fish_seen_subcommand_from add" -l rating -d 'The player\'s rating' -r
complete -c qipu -n "__fish_qipu_using_subcommand event; and __fish_seen_subcommand_from add" -l club -d 'The player\'s club' -r
complete -c qipu -n "__fish_qipu_using_subcommand event; and __fish_seen_subcommand_from add" -l team -d 'The player\'s team (a team event needs it)' -r
complete -c qipu -n "__fish_qipu_using_subcommand event; and __fish_seen_subcommand_from add" -s h -l help -d 'Print help'
complete -c qipu -n "__fish_qipu_using_subcommand event; and __fish_seen_subcommand_from import" -s h -l help -d 'Print help'
complete -c qipu -n "__fish_qipu_using_subcommand event; and __fish_seen_subcommand_from pair" -l json -d 'One JSON object instead of lines'
complete -c qipu -n "__fish_qipu_using_subcommand event; and __fish_seen_subcommand_from pair" -s h -l help -d 'Print help'
complete -c qipu -n "__fish_qipu_using_subcommand event; and __fish_seen_subcommand_from result" -l game -d 'The result as the game\'s record gives it' -r
complete -c qipu -n "__fish_qipu_using_subcommand event; and __fish_seen_subcommand_from result" -l replace -d 'Correct a result entered before'
complete -c qipu -n "__fish_qipu_using_subcommand event; and __fish_seen_subcommand_from result" -l clear -d 'Take the result back'
complete -c qipu -n "__fish_qipu_using_subcommand event; and __fish_seen_subcommand_from result" -s h -l help -d 'Print help'
complete -c qipu -n "__fish_qipu_using_subcommand event; and __fish_seen_subcommand_from lineup" -s h -l help -d 'Print help'
complete -c qipu -n "__fish_qipu_using_subcommand event; and __fish_seen_subcommand_from withdraw" -s h -l help -d 'Print help'
complete -c qipu -n "__fish_qipu_using_subcommand event; and __fish_seen_subcommand_from penalty" -l warning -d 'A warning (18.1)'
complete -c qipu -n "__fish_qipu_using_subcommand event; and __fish_seen_subcommand_from penalty" -l disqualification -d 'A disqualification from a game (18.2)'
complete -c qipu -n "__fish_qipu_using_subcommand event; and __fish_seen_subcommand_from penalty" -s h -l help -d 'Print help'
complete -c qipu -n "__fish_qipu_using_subcommand event; and __fish_seen_subcommand_from show" -l json -d 'As JSON (the one form there is)'
complete -c qipu -n "__fish_qipu_using_subcommand event; and __fish_seen_subcommand_from show" -s h -l help -d 'Print help'
complete -c qipu -n "__fish_qipu_using_subcommand event; and __fish_seen_subcommand_from standings" -l group -d 'A group\'s standings (from 1)' -r
complete -c qipu -n "__fish_qipu_using_subcommand event; and __fish_seen_subcommand_from standings" -l json -d 'One JSON array instead of a table'
complete -c qipu -n "__fish_qipu_using_subcommand event; and __fish_seen_subcommand_from standings" -l team-places -d 'The teams\' places'
complete -c qipu -n "__fish_qipu_using_subcommand event; and __fish_seen_subcommand_from standings" -s h -l help -d 'Print help'
complete -c qipu -n "__fish_qipu_using_subcommand event; and __fish_seen_subcommand_from export" -l to -d 'The format: trf, csv, html or pdf' -r
complete -c qipu -n "__fish_qipu_using_subcommand event; and __fish_seen_subcommand_from export" -s o -d 'The file to write' -r
complete -c qipu -n "__fish_qipu_using_subcommand event; and __fish_seen_subcommand_from export" -l paper -d 'The paper of a PDF: a4 (the default) or letter' -r
complete -c qipu -n "__fish_qipu_using_subcommand event; and __fish_seen_subcommand_from export" -s h -l help -d 'Print help'
complete -c qipu -n "__fish_qipu_using_subcommand event; and __fish_seen_subcommand_from help" -f -a "new" -d 'Create an event file'
complete -c qipu -n "__fish_qipu_using_subcommand event; and __fish_seen_subcommand_from help" -f -a "add" -d 'Add a player (or a team\'s player)'
complete -c qipu -n "__fish_qipu_using_subcommand event; and __fish_seen_subcommand_from help" -f -a "import" -d 'Add the players of a list (CSV: name, rating, club or team)'
complete -c qipu -n "__fish_qipu_using_subcommand event; and __fish_seen_subcommand_from help" -f -a "pair" -d 'Pair the next round'
complete -c qipu -n "__fish_qipu_using_subcommand event; and __fish_seen_subcommand_from help" -f -a "result" -d 'Enter a board\'s result, correct it (--replace) or take it back (--clear)'
complete -c qipu -n "__fish_qipu_using_subcommand event; and __fish_seen_subcommand_from help" -f -a "lineup" -d 'A team\'s players from board 1 down for its match in a round (12.1–12.3)'
complete -c qipu -n "__fish_qipu_using_subcommand event; and __fish_seen_subcommand_from help" -f -a "withdraw" -d 'A player withdraws after the rounds paired so far'
complete -c qipu -n "__fish_qipu_using_subcommand event; and __fish_seen_subcommand_from help" -f -a "penalty" -d 'A warning (18.1) or a disqualification from a game (18.2)'
complete -c qipu -n "__fish_qipu_using_subcommand event; and __fish_seen_subcommand_from help" -f -a "show" -d 'The event as JSON: players and rounds with their results'
complete -c qipu -n "__fish_qipu_using_subcommand event; and __fish_seen_subcommand_from help" -f -a "standings" -d 'The standings with their tie-breaks'
complete -c qipu -n "__fish_qipu_using_subcommand event; and __fish_seen_subcommand_from help" -f -a "export" -d 'The event as TRF, CSV, HTML or PDF'
complete -c qipu -n "__fish_qipu_using_subcommand event; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c qipu -n "__fish_qipu_using_subcommand uci" -s h -l help -d 'Print help'
complete -c qipu -n "__fish_qipu_using_subcommand analyse" -l engine -d 'The engine: builtin (the default) or the path of a UCI or UCCI program' -r
complete -c qipu -n "__fish_qipu_using_subcommand analyse" -l nodes -d 'Nodes searched in each position (by default the budget of half a second, the same on every run)' -r
complete -c qipu -n "__fish_qipu_using_subcommand analyse" -l movetime -d 'Milliseconds searched in each position (another review on every run)' -r
complete -c qipu -n "__fish_qipu_using_subcommand analyse" -l depth -d 'Plies searched in each position' -r
complete -c qipu -n "__fish_qipu_using_subcommand analyse" -l multipv -d 'Lines the engine gives for each position' -r
complete -c qipu -n "__fish_qipu_using_subcommand analyse" -l rules -d 'The rule set: cxa1999 or asian (by default the game\'s own, else cxa1999)' -r
complete -c qipu -n "__fish_qipu_using_subcommand analyse" -l game -d 'Which game of the file (from 1)' -r
complete -c qipu -n "__fish_qipu_using_subcommand analyse" -l inaccuracy -d 'The loss in centipawns marked ?! (50)' -r
complete -c qipu -n "__fish_qipu_using_subcommand analyse" -l mistake -d 'The loss in centipawns marked ? (100)' -r
complete -c qipu -n "__fish_qipu_using_subcommand analyse" -l blunder -d 'The loss in centipawns marked ?? (300)' -r
complete -c qipu -n "__fish_qipu_using_subcommand analyse" -s o -d 'Write the reviewed game to this PGN file (atomically) instead of standard output' -r
complete -c qipu -n "__fish_qipu_using_subcommand analyse" -l force -d 'A game read only in part replaces OUT all the same'
complete -c qipu -n "__fish_qipu_using_subcommand analyse" -s h -l help -d 'Print help'
complete -c qipu -n "__fish_qipu_using_subcommand cloud" -l ply -d 'With a file: the position after this ply of the main line' -r
complete -c qipu -n "__fish_qipu_using_subcommand cloud" -l rules -d 'The rule set judging the repetitions the moves would make: cxa1999 or axf' -r
complete -c qipu -n "__fish_qipu_using_subcommand cloud" -l server -d 'Another server or mirror than chessdb.cn' -r
complete -c qipu -n "__fish_qipu_using_subcommand cloud" -l cache -d 'The cache file to use instead of the default one' -r
complete -c qipu -n "__fish_qipu_using_subcommand cloud" -l json -d 'One JSON object instead of lines'
complete -c qipu -n "__fish_qipu_using_subcommand cloud" -l pv -d 'The principal line instead of the moves'
complete -c qipu -n "__fish_qipu_using_subcommand cloud" -l score -d 'The score alone instead of the moves'
complete -c qipu -n "__fish_qipu_using_subcommand cloud" -l no-cache -d 'Ask without the cache of answers'
complete -c qipu -n "__fish_qipu_using_subcommand cloud" -s h -l help -d 'Print help'
complete -c qipu -n "__fish_qipu_using_subcommand puzzles; and not __fish_seen_subcommand_from make help" -s h -l help -d 'Print help'
complete -c qipu -n "__fish_qipu_using_subcommand puzzles; and not __fish_seen_subcommand_from make help" -f -a "make" -d 'The games\' mistakes as puzzles: the position before the move, the better line to find'
complete -c qipu -n "__fish_qipu_using_subcommand puzzles; and not __fish_seen_subcommand_from make help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c qipu -n "__fish_qipu_using_subcommand puzzles; and __fish_seen_subcommand_from make" -s o -d 'The puzzle set to write (Qipu PGN)' -r
complete -c qipu -n "__fish_qipu_using_subcommand puzzles; and __fish_seen_subcommand_from make" -l side -d 'Only this side\'s mistakes (both sides by default)' -r
complete -c qipu -n "__fish_qipu_using_subcommand puzzles; and __fish_seen_subcommand_from make" -l min-loss -d 'The least loss in centipawns that makes a puzzle (100)' -r
complete -c qipu -n "__fish_qipu_using_subcommand puzzles; and __fish_seen_subcommand_from make" -l engine -d 'The engine: builtin (the default) or the path of a UCI or UCCI program' -r
complete -c qipu -n "__fish_qipu_using_subcommand puzzles; and __fish_seen_subcommand_from make" -l nodes -d 'Nodes searched in each position (by default the budget of half a second, the same on every run)' -r
complete -c qipu -n "__fish_qipu_using_subcommand puzzles; and __fish_seen_subcommand_from make" -l movetime -d 'Milliseconds searched in each position (another review on every run)' -r
complete -c qipu -n "__fish_qipu_using_subcommand puzzles; and __fish_seen_subcommand_from make" -l depth -d 'Plies searched in each position' -r
complete -c qipu -n "__fish_qipu_using_subcommand puzzles; and __fish_seen_subcommand_from make" -l rules -d 'The rule set: cxa1999 or asian (by default each game\'s own, else cxa1999)' -r
complete -c qipu -n "__fish_qipu_using_subcommand puzzles; and __fish_seen_subcommand_from make" -l force -d 'A set made from files read only in part replaces SET.pgn all the same'
complete -c qipu -n "__fish_qipu_using_subcommand puzzles; and __fish_seen_subcommand_from make" -s h -l help -d 'Print help'
complete -c qipu -n "__fish_qipu_using_subcommand puzzles; and __fish_seen_subcommand_from help" -f -a "make" -d 'The games\' mistakes as puzzles: the position before the move, the better line to find'
complete -c qipu -n "__fish_qipu_using_subcommand puzzles; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c qipu -n "__fish_qipu_using_subcommand opening" -l plies -d 'Name each game from the moves of its first N plies (20)' -r
complete -c qipu -n "__fish_qipu_using_subcommand opening" -l held-out -d 'With --agree: only the files `qipu ecco-table --holdout K` held out of the learning' -r
complete -c qipu -n "__fish_qipu_using_subcommand opening" -l tags -d 'The game\'s own [ECCO] tag first'
complete -c qipu -n "__fish_qipu_using_subcommand opening" -l json -d 'One JSON array instead of lines'
complete -c qipu -n "__fish_qipu_using_subcommand opening" -l agree -d 'Print how the codes agree with the games\' [ECCO] tags instead'
complete -c qipu -n "__fish_qipu_using_subcommand opening" -s h -l help -d 'Print help'
complete -c qipu -n "__fish_qipu_using_subcommand ecco-table" -s o -d 'The table to write' -r
complete -c qipu -n "__fish_qipu_using_subcommand ecco-table" -l min-support -d 'Keep the lines followed by at least N games (2)' -r
complete -c qipu -n "__fish_qipu_using_subcommand ecco-table" -l holdout -d 'Hold every K-th file out of the learning and measure the table on it (10)' -r
complete -c qipu -n "__fish_qipu_using_subcommand ecco-table" -l threads -d 'Threads to read on (as many as processors by default)' -r
complete -c qipu -n "__fish_qipu_using_subcommand ecco-table" -s h -l help -d 'Print help'
complete -c qipu -n "__fish_qipu_using_subcommand match" -l engine -d 'An engine: builtin or the path of a UCI or UCCI program; give it twice, A then B' -r
complete -c qipu -n "__fish_qipu_using_subcommand match" -l games -d 'Games to play (2 by default)' -r
complete -c qipu -n "__fish_qipu_using_subcommand match" -l movetime -d 'Milliseconds a move (100 by default)' -r
complete -c qipu -n "__fish_qipu_using_subcommand match" -l depth -d 'Plies searched a move' -r
complete -c qipu -n "__fish_qipu_using_subcommand match" -l tc -d 'A time control on the clock, as `qipu clock` reads it (40/90m,sd/30m+30s …)' -r
complete -c qipu -n "__fish_qipu_using_subcommand match" -l openings -d 'Start the games from the positions of this record file\'s games instead of the built-in openings' -r
complete -c qipu -n "__fish_qipu_using_subcommand match" -l rules -d 'The rule set: cxa1999 (the default) or asian' -r
complete -c qipu -n "__fish_qipu_using_subcommand match" -l max-plies -d 'Plies after which a game is adjudicated a draw (300)' -r
complete -c qipu -n "__fish_qipu_using_subcommand match" -s o -d 'Write the games so far to this PGN file after every game' -r
complete -c qipu -n "__fish_qipu_using_subcommand match" -l ban-forbidden -d 'Tell the engines the moves the rules forbid in each position'
complete -c qipu -n "__fish_qipu_using_subcommand match" -s h -l help -d 'Print help'
complete -c qipu -n "__fish_qipu_using_subcommand recognise" -l taught -d 'Read pieces drawn as those taught in FILE as their kinds' -r
complete -c qipu -n "__fish_qipu_using_subcommand recognise" -l teach -d 'Keep the pieces of the one IMAGE, set as FEN says, in the --taught FILE' -r
complete -c qipu -n "__fish_qipu_using_subcommand recognise" -l json -d 'One JSON array instead of a FEN a line'
complete -c qipu -n "__fish_qipu_using_subcommand recognise" -s h -l help -d 'Print help'
complete -c qipu -n "__fish_qipu_using_subcommand recognise-bench" -l teach -d 'Teach each set\'s first K pictures as positions.tsv gives them, and count only the rest' -r
complete -c qipu -n "__fish_qipu_using_subcommand recognise-bench" -l taught -d 'Start each set with the pieces taught in FILE (left as it is)' -r
complete -c qipu -n "__fish_qipu_using_subcommand recognise-bench" -l network -d 'Read with the ONNX network in FILE instead of the shipped one' -r
complete -c qipu -n "__fish_qipu_using_subcommand recognise-bench" -s h -l help -d 'Print help'
complete -c qipu -n "__fish_qipu_using_subcommand completions" -s h -l help -d 'Print help'
complete -c qipu -n "__fish_qipu_using_subcommand manpage" -s h -l help -d 'Print help'
complete -c qipu -n "__fish_qipu_using_subcommand help; and not __fish_seen_subcommand_from perft ui-bench notate parse judge clock convert stats db transcribe transcribe-bench diagram scoresheet event uci analyse cloud puzzles opening ecco-table match recognise recognise-bench completions manpage help" -f -a "perft" -d 'Count the legal-move tree (the move generator\'s test and benchmark)'
complete -c qipu -n "__fish_qipu_using_subcommand help; and not __fish_seen_subcommand_from perft ui-bench notate parse judge clock convert stats db transcribe transcribe-bench diagram scoresheet event uci analyse cloud puzzles opening ecco-table match recognise recognise-bench completions manpage help" -f -a "ui-bench" -d 'Time the window\'s frames headlessly, a pasted scoresheet and a file\'s opening'
complete -c qipu -n "__fish_qipu_using_subcommand help; and not __fish_seen_subcommand_from perft ui-bench notate parse judge clock convert stats db transcribe transcribe-bench diagram scoresheet event uci analyse cloud puzzles opening ecco-table match recognise recognise-bench completions manpage help" -f -a "notate" -d 'Write ICCS moves in a notation'
complete -c qipu -n "__fish_qipu_using_subcommand help; and not __fish_seen_subcommand_from perft ui-bench notate parse judge clock convert stats db transcribe transcribe-bench diagram scoresheet event uci analyse cloud puzzles opening ecco-table match recognise recognise-bench completions manpage help" -f -a "parse" -d 'Read moves in a notation (or auto), print them in ICCS'
complete -c qipu -n "__fish_qipu_using_subcommand help; and not __fish_seen_subcommand_from perft ui-bench notate parse judge clock convert stats db transcribe transcribe-bench diagram scoresheet event uci analyse cloud puzzles opening ecco-table match recognise recognise-bench completions manpage help" -f -a "judge" -d 'The referee\'s ruling on a line, as JSON; --summary counts rulings over many games'
complete -c qipu -n "__fish_qipu_using_subcommand help; and not __fish_seen_subcommand_from perft ui-bench notate parse judge clock convert stats db transcribe transcribe-bench diagram scoresheet event uci analyse cloud puzzles opening ecco-table match recognise recognise-bench completions manpage help" -f -a "clock" -d 'Replay move times on a time control (flag claims)'
complete -c qipu -n "__fish_qipu_using_subcommand help; and not __fish_seen_subcommand_from perft ui-bench notate parse judge clock convert stats db transcribe transcribe-bench diagram scoresheet event uci analyse cloud puzzles opening ecco-table match recognise recognise-bench completions manpage help" -f -a "convert" -d 'Convert a record between PGN, XQF, DhtmlXQ, JSON and FEN (reads 象棋桥 too)'
complete -c qipu -n "__fish_qipu_using_subcommand help; and not __fish_seen_subcommand_from perft ui-bench notate parse judge clock convert stats db transcribe transcribe-bench diagram scoresheet event uci analyse cloud puzzles opening ecco-table match recognise recognise-bench completions manpage help" -f -a "stats" -d 'Read every game of files and folders; count games, plies, errors and seconds'
complete -c qipu -n "__fish_qipu_using_subcommand help; and not __fish_seen_subcommand_from perft ui-bench notate parse judge clock convert stats db transcribe transcribe-bench diagram scoresheet event uci analyse cloud puzzles opening ecco-table match recognise recognise-bench completions manpage help" -f -a "db" -d 'The game database (an SQLite file or postgres://…)'
complete -c qipu -n "__fish_qipu_using_subcommand help; and not __fish_seen_subcommand_from perft ui-bench notate parse judge clock convert stats db transcribe transcribe-bench diagram scoresheet event uci analyse cloud puzzles opening ecco-table match recognise recognise-bench completions manpage help" -f -a "transcribe" -d 'Enter a typed scoresheet into a record, every move checked'
complete -c qipu -n "__fish_qipu_using_subcommand help; and not __fish_seen_subcommand_from perft ui-bench notate parse judge clock convert stats db transcribe transcribe-bench diagram scoresheet event uci analyse cloud puzzles opening ecco-table match recognise recognise-bench completions manpage help" -f -a "transcribe-bench" -d 'Time entering a pasted scoresheet'
complete -c qipu -n "__fish_qipu_using_subcommand help; and not __fish_seen_subcommand_from perft ui-bench notate parse judge clock convert stats db transcribe transcribe-bench diagram scoresheet event uci analyse cloud puzzles opening ecco-table match recognise recognise-bench completions manpage help" -f -a "diagram" -d 'Board diagrams as PNG, SVG or PDF pages'
complete -c qipu -n "__fish_qipu_using_subcommand help; and not __fish_seen_subcommand_from perft ui-bench notate parse judge clock convert stats db transcribe transcribe-bench diagram scoresheet event uci analyse cloud puzzles opening ecco-table match recognise recognise-bench completions manpage help" -f -a "scoresheet" -d 'The scoresheet to print, as PDF or PNG pages'
complete -c qipu -n "__fish_qipu_using_subcommand help; and not __fish_seen_subcommand_from perft ui-bench notate parse judge clock convert stats db transcribe transcribe-bench diagram scoresheet event uci analyse cloud puzzles opening ecco-table match recognise recognise-bench completions manpage help" -f -a "event" -d 'A tournament kept in one event file (art. 11–21)'
complete -c qipu -n "__fish_qipu_using_subcommand help; and not __fish_seen_subcommand_from perft ui-bench notate parse judge clock convert stats db transcribe transcribe-bench diagram scoresheet event uci analyse cloud puzzles opening ecco-table match recognise recognise-bench completions manpage help" -f -a "uci" -d 'The built-in engine over UCI (or UCCI: first command \'ucci\')'
complete -c qipu -n "__fish_qipu_using_subcommand help; and not __fish_seen_subcommand_from perft ui-bench notate parse judge clock convert stats db transcribe transcribe-bench diagram scoresheet event uci analyse cloud puzzles opening ecco-table match recognise recognise-bench completions manpage help" -f -a "analyse" -d 'An engine\'s review of every move: marks, better lines and each side\'s accuracy'
complete -c qipu -n "__fish_qipu_using_subcommand help; and not __fish_seen_subcommand_from perft ui-bench notate parse judge clock convert stats db transcribe transcribe-bench diagram scoresheet event uci analyse cloud puzzles opening ecco-table match recognise recognise-bench completions manpage help" -f -a "cloud" -d 'The cloud database\'s moves, scores and line for a position (chessdb.cn), with a cache'
complete -c qipu -n "__fish_qipu_using_subcommand help; and not __fish_seen_subcommand_from perft ui-bench notate parse judge clock convert stats db transcribe transcribe-bench diagram scoresheet event uci analyse cloud puzzles opening ecco-table match recognise recognise-bench completions manpage help" -f -a "puzzles" -d 'Training puzzles made from games'
complete -c qipu -n "__fish_qipu_using_subcommand help; and not __fish_seen_subcommand_from perft ui-bench notate parse judge clock convert stats db transcribe transcribe-bench diagram scoresheet event uci analyse cloud puzzles opening ecco-table match recognise recognise-bench completions manpage help" -f -a "opening" -d 'Each game\'s ECCO code and opening name; --agree measures them against the games\' tags'
complete -c qipu -n "__fish_qipu_using_subcommand help; and not __fish_seen_subcommand_from perft ui-bench notate parse judge clock convert stats db transcribe transcribe-bench diagram scoresheet event uci analyse cloud puzzles opening ecco-table match recognise recognise-bench completions manpage help" -f -a "ecco-table" -d 'The ECCO table learnt from tagged games, with its agreement'
complete -c qipu -n "__fish_qipu_using_subcommand help; and not __fish_seen_subcommand_from perft ui-bench notate parse judge clock convert stats db transcribe transcribe-bench diagram scoresheet event uci analyse cloud puzzles opening ecco-table match recognise recognise-bench completions manpage help" -f -a "match" -d 'An engine match adjudicated by the referee'
complete -c qipu -n "__fish_qipu_using_subcommand help; and not __fish_seen_subcommand_from perft ui-bench notate parse judge clock convert stats db transcribe transcribe-bench diagram scoresheet event uci analyse cloud puzzles opening ecco-table match recognise recognise-bench completions manpage help" -f -a "recognise" -d 'Read pictures of boards (screenshots, printed diagrams) into positions'
complete -c qipu -n "__fish_qipu_using_subcommand help; and not __fish_seen_subcommand_from perft ui-bench notate parse judge clock convert stats db transcribe transcribe-bench diagram scoresheet event uci analyse cloud puzzles opening ecco-table match recognise recognise-bench completions manpage help" -f -a "recognise-bench" -d 'Measure reading pictures of boards on folders of pictures with positions.tsv'
complete -c qipu -n "__fish_qipu_using_subcommand help; and not __fish_seen_subcommand_from perft ui-bench notate parse judge clock convert stats db transcribe transcribe-bench diagram scoresheet event uci analyse cloud puzzles opening ecco-table match recognise recognise-bench completions manpage help" -f -a "completions" -d 'The shell completions of qipu, for bash, zsh, fish, PowerShell or Elvish'
complete -c qipu -n "__fish_qipu_using_subcommand help; and not __fish_seen_subcommand_from perft ui-bench notate parse judge clock convert stats db transcribe transcribe-bench diagram scoresheet event uci analyse cloud puzzles opening ecco-table match recognise recognise-bench completions manpage help" -f -a "manpage" -d 'The manual pages of qipu and its subcommands (man), made from the same definition'
complete -c qipu -n "__fish_qipu_using_subcommand help; and not __fish_seen_subcommand_from perft ui-bench notate parse judge clock convert stats db transcribe transcribe-bench diagram scoresheet event uci analyse cloud puzzles opening ecco-table match recognise recognise-bench completions manpage help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c qipu -n "__fish_qipu_using_subcommand help; and __fish_seen_subcommand_from db" -f -a "import" -d 'Import the games of record files and folders'
complete -c qipu -n "__fish_qipu_using_subcommand help; and __fish_seen_subcommand_from db" -f -a "search" -d 'Find games by position, material, players, event, result, date or opening'
complete -c qipu -n "__fish_qipu_using_subcommand help; and __fish_seen_subcommand_from db" -f -a "tree" -d 'The moves played from a position, most played first'
complete -c qipu -n "__fish_qipu_using_subcommand help; and __fish_seen_subcommand_from db" -f -a "export" -d 'The games found, as PGN'
complete -c qipu -n "__fish_qipu_using_subcommand help; and __fish_seen_subcommand_from db" -f -a "stats" -d 'Games, duplicates, positions, files and bytes on disk'
complete -c qipu -n "__fish_qipu_using_subcommand help; and __fish_seen_subcommand_from db" -f -a "bench" -d 'Time searches on a large database'
complete -c qipu -n "__fish_qipu_using_subcommand help; and __fish_seen_subcommand_from event" -f -a "new" -d 'Create an event file'
complete -c qipu -n "__fish_qipu_using_subcommand help; and __fish_seen_subcommand_from event" -f -a "add" -d 'Add a player (or a team\'s player)'
complete -c qipu -n "__fish_qipu_using_subcommand help; and __fish_seen_subcommand_from event" -f -a "import" -d 'Add the players of a list (CSV: name, rating, club or team)'
complete -c qipu -n "__fish_qipu_using_subcommand help; and __fish_seen_subcommand_from event" -f -a "pair" -d 'Pair the next round'
complete -c qipu -n "__fish_qipu_using_subcommand help; and __fish_seen_subcommand_from event" -f -a "result" -d 'Enter a board\'s result, correct it (--replace) or take it back (--clear)'
complete -c qipu -n "__fish_qipu_using_subcommand help; and __fish_seen_subcommand_from event" -f -a "lineup" -d 'A team\'s players from board 1 down for its match in a round (12.1–12.3)'
complete -c qipu -n "__fish_qipu_using_subcommand help; and __fish_seen_subcommand_from event" -f -a "withdraw" -d 'A player withdraws after the rounds paired so far'
complete -c qipu -n "__fish_qipu_using_subcommand help; and __fish_seen_subcommand_from event" -f -a "penalty" -d 'A warning (18.1) or a disqualification from a game (18.2)'
complete -c qipu -n "__fish_qipu_using_subcommand help; and __fish_seen_subcommand_from event" -f -a "show" -d 'The event as JSON: players and rounds with their results'
complete -c qipu -n "__fish_qipu_using_subcommand help; and __fish_seen_subcommand_from event" -f -a "standings" -d 'The standings with their tie-breaks'
complete -c qipu -n "__fish_qipu_using_subcommand help; and __fish_seen_subcommand_from event" -f -a "export" -d 'The event as TRF, CSV, HTML or PDF'
complete -c qipu -n "__fish_qipu_using_subcommand help; and __fish_seen_subcommand_from puzzles" -f -a "make" -d 'The games\' mistakes as puzzles: the position before the move, the better line to find'
