export const faqEntries: { question: string; answer: string }[] = [
  {
    question: 'What does Touchline analyse?',
    answer:
      'Your voice in a recording of your session: how long you talk, how often and for how long you intervene, the silences you leave, and, where a transcript is available, how you instruct, question, praise and manage. From these it scores five skill areas: technical, tactical, communication, management and engagement.',
  },
  {
    question: 'Which files can I upload?',
    answer: 'Audio or video of a session: MP3, M4A/AAC, WAV, OGG/Opus, WebM, MP4 and MOV. Large files upload in resumable pieces, so a dropped connection does not start you over.',
  },
  {
    question: 'Where are my recordings stored?',
    answer: "On your club's own servers. Touchline is self-hosted: nothing is sent to a third-party cloud unless your club sets that up.",
  },
  {
    question: 'What is the difference between the plans?',
    answer:
      'Free Trial gives you the overview, sessions and comparison. Coach and Coach Plus add your development over time. Elite adds team roles: an Elite Admin manages the club\'s coaches and sees team sessions. Pro adds professional external review; Goalkeeping Plus is made for goalkeeping coaches.',
  },
  {
    question: 'Who can see my sessions?',
    answer: 'Only you, unless you are in an Elite team (your team admin sees team sessions) or you share a session for external review.',
  },
  {
    question: 'I forgot my password. What now?',
    answer: 'Use "Reset password" on the login page. We email you a code that is valid for 15 minutes.',
  },
];
