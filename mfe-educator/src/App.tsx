import { Route, Routes } from 'react-router-dom';
import { EducatorGate } from './dashboard/EducatorGate';
import { EducatorGreeting } from './dashboard/EducatorGreeting';

/** The educator area, with the absolute paths the shell routes to this remote. */
export default function App() {
  return (
    <Routes>
      <Route path="/educator/*" element={<EducatorGate />}>
        <Route index element={<EducatorGreeting />} />
      </Route>
    </Routes>
  );
}
