# Fails unless README.md contains each of EXAMPLES (a list of files) verbatim.
file(READ ${README} readme)
foreach(example IN LISTS EXAMPLES)
  file(READ ${example} text)
  string(FIND "${readme}" "${text}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "README.md does not show ${example} verbatim: copy the file into it")
  endif()
endforeach()
